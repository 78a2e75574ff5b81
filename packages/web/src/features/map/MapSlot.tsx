import type { DirectorySettings, MapPageData } from '@waymark/protocol';
import { MAP_STORAGE_KEYS } from './storage-keys.js';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { DirectoryFilterStore } from '../../shared/directory-filter.js';
import type { MapAreaProps } from './MapArea.js';
import './map-slot.css';

/** Whether the visitor accepted the map's privacy notice in this browser. */
export const hasConsent = (): boolean => {
  try {
    return localStorage.getItem(MAP_STORAGE_KEYS.consent) === '1';
  } catch {
    return false;
  }
};

/** The consent flag changes only by a reload. */
const noChanges = () => () => {};

/**
 * Where the directory's map goes. Only this stays in the page's first load: the map itself
 * (Leaflet, clustering, the radius search) is a chunk of its own, fetched once the page has
 * started and, with the privacy switch on, only after the visitor accepted the notice, which
 * stands in the map's place until then.
 */
export function MapSlot({
  map,
  directory,
  filters,
}: {
  map: MapPageData | undefined;
  directory: DirectorySettings;
  filters: DirectoryFilterStore;
}) {
  // The server cannot read the browser's storage: it renders the notice, the page decides.
  const stored = useSyncExternalStore(noChanges, hasConsent, () => false);
  const [acceptedHere, setAcceptedHere] = useState(false);
  const [Area, setArea] = useState<ComponentType<MapAreaProps> | null>(null);
  const on = map?.settings.map === true;
  const privacy = map?.settings.privacy === true;
  const allowed = on && (!privacy || stored || acceptedHere);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    void import('./MapArea.js').then((module) => {
      if (live) setArea(() => module.MapArea);
    });
    return () => {
      live = false;
    };
  }, [allowed]);

  if (!map || !on) return null;
  const { settings } = map;
  const place = `wm-map-area wm-map-area--${settings.map_fullwidth ? 'full' : settings.map_position}`;
  if (Area) return <Area className={place} map={map} directory={directory} filters={filters} />;
  if (privacy && !allowed) {
    return (
      <section className={`${place} wm-map-consent`} aria-labelledby="wm-map-consent-title">
        <h2 id="wm-map-consent-title">{settings.privacyTitle}</h2>
        <p>{settings.privacyText}</p>
        <button
          type="button"
          onClick={() => {
            try {
              localStorage.setItem(MAP_STORAGE_KEYS.consent, '1');
            } catch {
              // Without storage the choice lasts for this page only.
              setAcceptedHere(true);
              return;
            }
            location.reload();
          }}
        >
          {settings.privacyAccept}
        </button>
      </section>
    );
  }
  // Holds the map's place while its code arrives, so nothing below it moves.
  return <div className={`${place} wm-map-area--loading`} aria-hidden="true" />;
}

/**
 * What draws the item popup's map in its slot (loading the map's code first), or undefined when
 * the popup has no map; it answers how to take the map down again.
 */
export function itemMapDrawer(
  map: MapPageData | undefined,
  popupMap: boolean,
): ((slot: HTMLElement) => () => void) | undefined {
  if (!map || !popupMap) return undefined;
  return (slot) => {
    // Behind the privacy notice nothing is fetched: the slot keeps its plain link.
    if (map.settings.privacy && !hasConsent()) return () => {};
    let stop: (() => void) | null = null;
    let gone = false;
    void import('./popup-map.js').then(({ drawPopupMap }) => {
      if (!gone) stop = drawPopupMap(slot, map);
    });
    return () => {
      gone = true;
      stop?.();
    };
  };
}
