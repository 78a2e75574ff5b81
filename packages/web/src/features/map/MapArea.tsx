import 'leaflet/dist/leaflet.css';
import './map.css';
import { DIRECTORY, type DirectorySettings } from '@waymark/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DirectoryFilterStore } from '../../shared/directory-filter.js';
import type { MapPageData } from '../../shared/page-data.js';
import { applyCurrentLocationOnce, storedPosition } from './current-location.js';
import { DirectoryMap, isPlaced, type PlacedItem } from './directory-map.js';
import { popupContent } from './MarkerPopup.js';
import { RadiusIndex } from './radius.js';
import { RadiusSearch } from './RadiusSearch.js';

export interface MapAreaProps {
  className: string;
  map: MapPageData;
  directory: DirectorySettings;
  filters: DirectoryFilterStore;
}

/** Performance marks the map benchmark reads (`bench/map.bench.ts`). */
export const MARKS = { start: 'waymark:map-start', drawn: 'waymark:map-drawn' } as const;

/** The listing item under the pointer, by the id its element carries (`item-<id>`). */
const LISTING_ITEM = 'li[id^="item-"][data-title]';

/**
 * The directory's map with its radius search. It draws the visible items of the directory's
 * one filter store, follows every change of it, and writes the radius search back into it, so
 * the lists and the markers always show the same items.
 */
export function MapArea({ className, map, directory, filters }: MapAreaProps) {
  const element = useRef<HTMLDivElement>(null);
  const drawn = useRef<DirectoryMap | null>(null);
  const [message, setMessage] = useState('');
  const [none, setNone] = useState(false);
  const noneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Built once per item set; a search only asks it.
  const index = useMemo(() => new RadiusIndex(filters.items()), [filters]);
  const { settings } = map;

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    // Marks for the map benchmark: building the map to its first frame with every marker drawn.
    performance.mark(MARKS.start);
    if (settings.currentLocation) void applyCurrentLocationOnce(setMessage);
    const minZoom = settings.map_fullwidth
      ? DIRECTORY.minZoomFullWidth
      : settings.map_position === 'right'
        ? DIRECTORY.minZoomRight
        : DIRECTORY.minZoom;
    const directoryMap = new DirectoryMap(container, {
      settings,
      tiles: map.tiles,
      minZoom,
      start: settings.currentLocation ? storedPosition() : null,
      popup: (item) => popupContent(item, settings, directory.clickableAddressAndPhone),
    });
    drawn.current = directoryMap;

    let shown: readonly number[] | null = null;
    let tab = filters.filter().tab;
    const sync = (fit: boolean) => {
      const ids = filters.visibleIds();
      if (ids === shown && !fit) return;
      shown = ids;
      directoryMap.show(ids.map(filters.item).filter(isPlaced), fit);
    };
    sync(true);
    requestAnimationFrame(() => performance.mark(MARKS.drawn));
    const unsubscribe = filters.subscribe(() => {
      const { tab: now, distance } = filters.filter();
      // A tab shows its own items: the map is fitted to them as if built for it.
      const fit = now !== tab;
      tab = now;
      if (!distance) directoryMap.circle(null);
      sync(fit);
    });

    let hovered = 0;
    const hover = (event: MouseEvent) => {
      const listing = (event.target as Element | null)?.closest?.(LISTING_ITEM);
      const id = listing ? Number(listing.id.slice('item-'.length)) : 0;
      if (id === hovered) return;
      hovered = id;
      const item = id ? filters.item(id) : undefined;
      if (isPlaced(item)) directoryMap.open(item as PlacedItem, true);
    };
    if (settings.autopan) document.addEventListener('mouseover', hover);

    return () => {
      document.removeEventListener('mouseover', hover);
      unsubscribe();
      clearTimeout(noneTimer.current);
      directoryMap.destroy();
      drawn.current = null;
    };
  }, [filters, map.tiles, settings, directory.clickableAddressAndPhone]);

  return (
    <section className={className} aria-label="Map of the directory">
      {message && (
        <p className="wm-map__message" role="alert">
          {message}
        </p>
      )}
      {settings.radiusSearch && (
        <RadiusSearch
          texts={directory}
          unit={settings.radiusUnit}
          currentLocation={settings.currentLocationButton}
          geocoder={map.geocoder}
          onSearch={(centre, radius) => {
            drawn.current?.circle(centre, radius.metres);
            filters.setDistance(index.within(centre[0], centre[1], radius.km));
            setNone(false);
            clearTimeout(noneTimer.current);
            noneTimer.current = setTimeout(
              () => setNone(filters.visibleIds().length === 0),
              DIRECTORY.noItemsHeadingMs,
            );
          }}
          onClear={() => {
            clearTimeout(noneTimer.current);
            setNone(false);
            filters.setDistance(null);
            drawn.current?.circle(null);
          }}
        />
      )}
      {none && <h2 className="wm-map__none">{directory.noResultsText}</h2>}
      <div ref={element} className="wm-map" data-testid="directory-map" />
    </section>
  );
}
