import { useShield } from '@waymark/shield/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DirectoryItem, HomePageData } from '@waymark/protocol';
import { usePageAddress } from '../../shared/page-address.js';
import { usePageData } from '../../shared/page-context.js';
import type { DirectoryFilterStore } from '../../shared/directory-filter.js';
import { CategoryFilter } from './CategoryFilter.js';
import { CategoryTabs } from './CategoryTabs.js';
import { createDirectoryStores } from './create-stores.js';
import { DirectoryProvider, type DirectoryContextValue } from './directory-context.js';
import { prepareSearch } from './directory-model.js';
import { FeaturedWidget } from './FeaturedWidget.js';
import { ItemPopup } from './ItemPopup.js';
import { ListHolder } from './ListHolder.js';
import { LiveSearch } from './LiveSearch.js';
import { ResultsStatus } from './ResultsStatus.js';
import { TagFilter } from './TagFilter.js';
import { useFilterAddress } from './use-filter-address.js';
import { useItemPopup } from './use-item-popup.js';
import './directory.css';

export interface HomePageProps {
  /** Where the app puts the map; it reads and writes the directory's filter store. */
  renderMap?: (filters: DirectoryFilterStore) => ReactNode;
  /** Draws the item popup's map in its slot; answers how to take it down. */
  drawItemMap?: (slot: HTMLElement) => () => void;
  /** More controls in each item's actions (the app's contact and bookmark controls); keep it stable. */
  renderItemActions?: (item: DirectoryItem) => ReactNode;
  /** Adds the app's controls to an open item popup (the bookmark star); answers how to take them away. */
  decoratePopup?: (content: HTMLElement, item: DirectoryItem) => () => void;
  /** The directory's data when it is not the page's own (the embed page's, shaped by its fields). */
  data?: HomePageData;
  /** Keep the filters in the address; off where the address says something else (the embed page). */
  bindAddress?: boolean;
  /**
   * Item titles carry their subtitle as a tooltip (markup only: the page that turns this on loads
   * `wireTitleTooltips` for the behaviour, so the home page carries none of its code).
   */
  titleTooltips?: boolean;
}

export function HomePage(props: HomePageProps) {
  const own = usePageData('home');
  const data = props.data ?? own;
  if (!data) return null;
  return <Directory data={data} {...props} />;
}

function Directory({
  data,
  renderMap,
  drawItemMap,
  renderItemActions,
  decoratePopup,
  bindAddress = true,
  titleTooltips = false,
}: { data: HomePageData } & HomePageProps) {
  const { request } = useShield();
  const { query } = usePageAddress();
  const [stores] = useState(() => createDirectoryStores(data, request, query));
  // The search texts are made while the browser is idle after the page starts.
  useEffect(() => prepareSearch(stores.model), [stores]);
  useFilterAddress(bindAddress ? stores.filters : null, {
    categories: stores.model.categories,
    tags: stores.model.tags,
    view: data.view,
  });
  const popup = useItemPopup(data.settings);
  const { open } = popup;
  const openItem = useCallback(
    (index: number) => {
      const item = stores.model.items[index];
      if (item) open(item);
    },
    [stores, open],
  );
  const context = useMemo<DirectoryContextValue>(
    () => ({ ...stores, settings: data.settings, openItem, renderItemActions, titleTooltips }),
    [stores, data.settings, openItem, renderItemActions, titleTooltips],
  );

  const body = (lists: readonly number[]) => (
    <>
      <div className="dir-controls">
        <TagFilter />
        <LiveSearch />
      </div>
      <ResultsStatus />
      <ListHolder label="Lists" lists={lists} />
    </>
  );

  return (
    <DirectoryProvider value={context}>
      <div className="directory">
        <div className="directory__head">
          <h1 className="directory__title">{data.view === 'tabs' ? 'Directory by category' : 'Local directory'}</h1>
          <nav className="directory__links" aria-label="Directory">
            <a href={data.view === 'tabs' ? '/' : '/categories'}>
              {data.view === 'tabs' ? 'All lists' : 'Browse by category'}
            </a>
            <a href="/add-business">Add your business</a>
          </nav>
        </div>
        <FeaturedWidget />
        {renderMap?.(stores.filters)}
        {data.view === 'tabs' ? (
          <CategoryTabs>{(category) => body(stores.listsOf(category))}</CategoryTabs>
        ) : (
          <>
            <CategoryFilter />
            {body(stores.allLists)}
          </>
        )}
        <ItemPopup
          state={popup.state}
          votes={stores.votes}
          onClose={popup.close}
          drawMap={drawItemMap}
          decorate={decoratePopup}
        />
      </div>
    </DirectoryProvider>
  );
}
