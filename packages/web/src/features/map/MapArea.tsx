import 'leaflet/dist/leaflet.css';
import './map.css';
import { DIRECTORY, type DirectorySettings, type MapPageData } from '@waymark/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DirectoryFilterStore } from '../../shared/directory-filter.js';
import { applyCurrentLocationOnce, storedPosition } from './current-location.js';
import { DirectoryMap } from './directory-map.js';
import { popupContent } from './MarkerPopup.js';
import { isPlaced, type PlacedItem } from './placed-item.js';
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
  const keys = useRef<HTMLUListElement>(null);
  const drawn = useRef<DirectoryMap | null>(null);
  const [message, setMessage] = useState('');
  const [none, setNone] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [filtersShown, setFiltersShown] = useState(true);
  const area = useRef<HTMLElement>(null);
  const noneTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Built once per item set; a search only asks it.
  const index = useMemo(() => new RadiusIndex(filters.items()), [filters]);
  const { settings } = map;

  useEffect(() => {
    const holder = element.current;
    if (!holder) return;
    // Marks for the map benchmark: building the map to its first frame with every marker drawn.
    performance.mark(MARKS.start);
    if (settings.currentLocation) void applyCurrentLocationOnce(setMessage);
    const minZoom = settings.map_fullwidth
      ? DIRECTORY.minZoomFullWidth
      : settings.map_position === 'right'
        ? DIRECTORY.minZoomRight
        : DIRECTORY.minZoom;

    // Each tab gets its own map, built when the tab is first shown (spec: switching a tab
    // "builds the map of the newly shown tab"); a tab shown again finds its map as it left it.
    const maps = new Map<number | null, { map: DirectoryMap; element: HTMLElement; shown: readonly number[] | null }>();
    let tab = filters.filter().tab;
    const build = (of: number | null) => {
      const element = document.createElement('div');
      element.className = 'wm-map';
      element.dataset.testid = 'directory-map';
      element.dataset.tab = String(of ?? '');
      holder.append(element);
      const built = {
        map: new DirectoryMap(element, {
          settings,
          tiles: map.tiles,
          minZoom,
          start: settings.currentLocation ? storedPosition() : null,
          popup: (item) => popupContent(item, settings, directory.clickableAddressAndPhone),
          keys: keys.current,
        }),
        element,
        shown: null as readonly number[] | null,
      };
      maps.set(of, built);
      return built;
    };
    const sync = (fit: boolean) => {
      let current = maps.get(tab);
      const fresh = !current;
      current ??= build(tab);
      for (const [of, other] of maps) other.element.hidden = of !== tab;
      drawn.current = current.map;
      const ids = filters.visibleIds();
      if (ids === current.shown && !fit && !fresh) return;
      current.shown = ids;
      if (!fresh) current.map.map.invalidateSize();
      current.map.show(ids.map(filters.item).filter(isPlaced), fit || fresh);
    };
    sync(true);
    requestAnimationFrame(() => performance.mark(MARKS.drawn));
    const unsubscribe = filters.subscribe(() => {
      const { tab: now, distance } = filters.filter();
      const switched = now !== tab;
      tab = now;
      if (!distance) drawn.current?.circle(null);
      sync(false);
      if (switched) drawn.current?.map.invalidateSize();
    });

    let hovered = 0;
    const hover = (event: MouseEvent) => {
      const listing = (event.target as Element | null)?.closest?.(LISTING_ITEM);
      const id = listing ? Number(listing.id.slice('item-'.length)) : 0;
      if (id === hovered) return;
      hovered = id;
      const item = id ? filters.item(id) : undefined;
      if (isPlaced(item)) drawn.current?.open(item as PlacedItem, true);
    };
    if (settings.autopan) document.addEventListener('mouseover', hover);

    return () => {
      document.removeEventListener('mouseover', hover);
      unsubscribe();
      clearTimeout(noneTimer.current);
      for (const built of maps.values()) {
        built.map.destroy();
        built.element.remove();
      }
      drawn.current = null;
    };
  }, [filters, map.tiles, settings, directory.clickableAddressAndPhone]);

  // The map takes the whole window; Escape gives it back. Its size changed: Leaflet is told.
  useEffect(() => {
    drawn.current?.map.invalidateSize();
    if (!fullscreen) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.wm-map .leaflet-popup')) setFullscreen(false);
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [fullscreen]);

  // The directory's filters (live search, tags, categories) hidden or shown by the toggle.
  useEffect(() => {
    area.current?.closest('.directory')?.classList.toggle('wm-filters-hidden', !filtersShown);
  }, [filtersShown]);

  const tools = (settings.fullscreenButton || settings.toggleFilterButton) && (
    <div className="wm-map__tools">
      {settings.toggleFilterButton && (
        <button type="button" aria-expanded={filtersShown} onClick={() => setFiltersShown((shown) => !shown)}>
          {filtersShown ? 'Hide filters' : 'Show filters'}
        </button>
      )}
      {settings.fullscreenButton && (
        <button type="button" aria-pressed={fullscreen} onClick={() => setFullscreen((on) => !on)}>
          {fullscreen ? 'Exit full screen' : 'Full screen map'}
        </button>
      )}
    </div>
  );

  return (
    <section
      ref={area}
      className={fullscreen ? `${className} wm-map-area--fullscreen` : className}
      aria-label="Map of the directory"
    >
      {tools}
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
            // The filter first, then the circle's view: the markers are painted once, where it ends.
            filters.setDistance(index.within(centre[0], centre[1], radius.km));
            drawn.current?.circle(centre, radius.metres);
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
      {/* Filled by the map: the keyboard's buttons for the markers drawn on its canvas. */}
      <ul ref={keys} className="wm-map__keys" aria-label="Places on the map" />
      {/* Filled by the map: one map element per tab, each made when its tab is first shown. */}
      <div ref={element} className="wm-map-tabs" />
    </section>
  );
}
