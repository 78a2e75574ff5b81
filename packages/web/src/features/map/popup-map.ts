import 'leaflet/dist/leaflet.css';
import './map.css';
import { DIRECTORY, type MapPageData } from '@waymark/protocol';
import L from 'leaflet';
import { addBaseLayer, maxZoomOf } from './base-layer.js';

/**
 * The item popup's map (400 px high, spec section 2) in the slot the server's popup HTML
 * leaves (`data-latlon`): the item's place at the popup zoom. Answers how to take it down.
 */
export function drawPopupMap(slot: HTMLElement, map: MapPageData): () => void {
  const [lat, lon] = (slot.dataset.latlon ?? '').split(',').map(Number);
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return () => {};
  const before = [...slot.childNodes];
  const element = document.createElement('div');
  element.className = 'wm-popup-map';
  slot.replaceChildren(element);
  const renderer = L.canvas();
  const leaflet = L.map(element, { renderer, maxZoom: maxZoomOf(map.tiles) });
  leaflet.attributionControl.setPrefix(false);
  addBaseLayer(leaflet, map.tiles);
  leaflet.setView([lat, lon], Math.min(map.settings.popupZoom, maxZoomOf(map.tiles)));
  L.circleMarker([lat, lon], {
    renderer,
    radius: 8,
    color: '#fff',
    weight: 2,
    fillColor: '#1d4ed8',
    fillOpacity: 1,
  }).addTo(leaflet);
  const timer = setTimeout(() => leaflet.invalidateSize(), DIRECTORY.mapResizeDelayMs);
  return () => {
    clearTimeout(timer);
    leaflet.remove();
    slot.replaceChildren(...before);
  };
}
