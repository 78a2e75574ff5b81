import { useMemo } from 'react';
import { HomePage } from '../../features/directory/HomePage.js';
import { itemMapDrawer, MapSlot } from '../../features/map/MapSlot.js';
import { usePageData } from '../../shared/page-context.js';

/** The directory with its map: the map reads and writes the directory's one filter store. */
export default function Home() {
  const data = usePageData('home');
  const drawItemMap = useMemo(() => itemMapDrawer(data?.map, data?.settings.popupMap ?? false), [data]);
  if (!data) return null;
  return (
    <HomePage
      renderMap={(filters) => <MapSlot map={data.map} directory={data.settings} filters={filters} />}
      drawItemMap={drawItemMap}
    />
  );
}
