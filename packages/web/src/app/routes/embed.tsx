import {
  defaultEmbedFields,
  EMBED_FIELD_NAMES,
  type DirectoryItem,
  type EmbedFields,
  type HomePageData,
} from '@waymark/protocol';
import { useCallback, useMemo } from 'react';
import { HomePage, listPageParam, useTitleTooltips } from '../../features/directory/index.js';
import { EmbedFrame, ItemPageLink } from '../../features/embed/index.js';
import { itemMapDrawer, MapSlot } from '../../features/map/index.js';
import { PageAddressProvider, usePageAddress, type PageAddress } from '../../shared/page-address.js';
import { usePageData } from '../../shared/page-context.js';

/**
 * The directory in another site's iframe: the server shaped its data by the embed fields (lists,
 * orders, phones, pagination, upvotes, map settings); the frame applies the rest, and the item
 * titles carry their subtitles as tooltips when `tooltip` says so. The address
 * carries the fields, so the filters stay out of it.
 */
/**
 * The address the embed's own forms keep (a list's pages reload the page): its fields as the
 * server read them, a bad value being its default and left out, and the lists' pages. Nothing
 * else of the address reaches the page.
 */
function keptAddress(address: PageAddress, fields: EmbedFields, lists: readonly { id: number }[]): PageAddress {
  const defaults = defaultEmbedFields();
  const query = new URLSearchParams();
  for (const name of EMBED_FIELD_NAMES) {
    const value = fields[name];
    if (value !== defaults[name]) query.set(name, value === null ? '' : String(value));
  }
  for (const list of lists) {
    const name = listPageParam(list.id);
    const value = address.query.get(name);
    if (value !== null && /^\d+$/.test(value)) query.set(name, value);
  }
  return { path: address.path, query };
}

export default function Embed() {
  const data = usePageData('embed');
  const address = usePageAddress();
  const kept = useMemo(
    () => (data ? keptAddress(address, data.embed, data.directory.lists) : address),
    [address, data],
  );
  const home = useMemo<HomePageData | null>(() => (data ? { ...data, page: 'home' } : null), [data]);
  const drawItemMap = useMemo(() => itemMapDrawer(data?.map, data?.settings.popupMap ?? false), [data]);
  const detailsPage = data?.embed.item_details_page ?? false;
  const renderItemActions = useCallback(
    (item: DirectoryItem) => (detailsPage ? <ItemPageLink id={item.id} title={item.title} /> : null),
    [detailsPage],
  );
  const tooltips = data?.embed.tooltip ?? false;
  useTitleTooltips(tooltips);
  if (!data || !home) return null;
  return (
    <EmbedFrame fields={data.embed}>
      <PageAddressProvider value={kept}>
        <HomePage
          data={home}
          bindAddress={false}
          renderMap={(filters) => <MapSlot map={data.map} directory={data.settings} filters={filters} />}
          drawItemMap={drawItemMap}
          renderItemActions={renderItemActions}
          titleTooltips={tooltips}
        />
      </PageAddressProvider>
    </EmbedFrame>
  );
}
