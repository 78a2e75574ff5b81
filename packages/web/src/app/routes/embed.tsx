import { useCallback, useMemo } from 'react';
import { HomePage } from '../../features/directory/HomePage.js';
import { EmbedFrame, ItemPageLink } from '../../features/embed/EmbedFrame.js';
import { itemMapDrawer, MapSlot } from '../../features/map/MapSlot.js';
import { usePageData } from '../../shared/page-context.js';
import type { DirectoryItem, HomePageData } from '../../shared/page-data.js';

/**
 * The directory in another site's iframe: the server shaped its data by the embed fields (lists,
 * orders, phones, pagination, upvotes, map settings); the frame applies the rest. The address
 * carries the fields, so the filters stay out of it.
 */
export default function Embed() {
  const data = usePageData('embed');
  const home = useMemo<HomePageData | null>(() => (data ? { ...data, page: 'home' } : null), [data]);
  const drawItemMap = useMemo(() => itemMapDrawer(data?.map, data?.settings.popupMap ?? false), [data]);
  const detailsPage = data?.embed.item_details_page ?? false;
  const renderItemActions = useCallback(
    (item: DirectoryItem) => (detailsPage ? <ItemPageLink id={item.id} title={item.title} /> : null),
    [detailsPage],
  );
  if (!data || !home) return null;
  return (
    <EmbedFrame fields={data.embed}>
      <HomePage
        data={home}
        bindAddress={false}
        renderMap={(filters) => <MapSlot map={data.map} directory={data.settings} filters={filters} />}
        drawItemMap={drawItemMap}
        renderItemActions={renderItemActions}
      />
    </EmbedFrame>
  );
}
