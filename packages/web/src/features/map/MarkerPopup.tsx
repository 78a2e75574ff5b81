import { DIRECTORY, type MapSettings } from '@waymark/protocol';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ItemPhone } from '../../shared/item-phone.js';
import type { PlacedItem } from './placed-item.js';

/** The maps service's directions to the item: its address, or its coordinates without one. */
export const directionsHref = (settings: MapSettings, item: PlacedItem): string =>
  settings.directionsUrl.replace('{query}', encodeURIComponent(item.address.trim() || `${item.lat},${item.lon}`));

/**
 * A marker's info window (directory spec, section 2): the picture when `image_infowindow` is
 * on, title, subtitle, address, phone (encoded as everywhere else), hours, the item's link when
 * it is longer than 2 characters, and directions in a new tab.
 */
export function MarkerPopup({
  item,
  settings,
  clickable,
}: {
  item: PlacedItem;
  settings: MapSettings;
  clickable: boolean;
}) {
  return (
    <div className="wm-popup">
      {settings.image_infowindow && item.image && (
        <img className="wm-popup__image" src={item.image} alt={item.imageAlt} width={240} height={160} />
      )}
      <p className="wm-popup__title">{item.title}</p>
      {item.subtitle && <p className="wm-popup__subtitle">{item.subtitle}</p>}
      {item.address && <p className="wm-popup__address">{item.address}</p>}
      {item.phone && (
        <p className="wm-popup__phone">
          <ItemPhone item={item} clickable={clickable} />
        </p>
      )}
      {item.hours && <p className="wm-popup__hours">{item.hours}</p>}
      <p className="wm-popup__links">
        {item.url.length >= DIRECTORY.minUrlLengthForLink && (
          <a href={item.url} target="_blank" rel="noopener">
            Visit website
          </a>
        )}
        <a href={directionsHref(settings, item)} target="_blank" rel="noopener">
          Directions
        </a>
      </p>
    </div>
  );
}

/** The popup's element, rendered at once (Leaflet measures it as it opens), and how to let it go. */
export function popupContent(
  item: PlacedItem,
  settings: MapSettings,
  clickable: boolean,
): { element: HTMLElement; dispose(): void } {
  const element = document.createElement('div');
  const root = createRoot(element);
  flushSync(() => root.render(<MarkerPopup item={item} settings={settings} clickable={clickable} />));
  // Let go after the current work: a root must not be unmounted while React is rendering.
  return { element, dispose: () => setTimeout(() => root.unmount(), 0) };
}
