import { GEONAMES_CREDIT_HTML, type MapPageData } from '@waymark/protocol';
import L from 'leaflet';

export type Tiles = MapPageData['tiles'];

/** OpenStreetMap's tiles go up to zoom 19; the offline countries are coarse well before that. */
const TILE_MAX_ZOOM = 19;
const OFFLINE_MAX_ZOOM = 12;

const OSM_CREDIT = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const NATURAL_EARTH_CREDIT = 'Made with <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The map's highest zoom: the specification's 50, within what the base layer can show. */
export const maxZoomOf = (tiles: Tiles): number => (tiles ? TILE_MAX_ZOOM : OFFLINE_MAX_ZOOM);

/**
 * The configured tile server with its attribution (OpenStreetMap's whenever its tiles are
 * used), or, with none, the offline countries drawn from Natural Earth data: a chunk of its own,
 * so a site with a tile server never downloads it.
 */
export function addBaseLayer(map: L.Map, tiles: Tiles): void {
  // The radius search and the address suggestions answer from the GeoNames gazetteer.
  map.attributionControl.addAttribution(GEONAMES_CREDIT_HTML);
  if (tiles) {
    const credit = [tiles.attribution && escapeHtml(tiles.attribution), tiles.osm && OSM_CREDIT]
      .filter(Boolean)
      .join(' · ');
    L.tileLayer(tiles.url, { attribution: credit, maxZoom: TILE_MAX_ZOOM }).addTo(map);
    return;
  }
  map.attributionControl.addAttribution(NATURAL_EARTH_CREDIT);
  void import('./offline-layer.js').then(({ offlineLayer }) => {
    // The map may be gone by the time the countries arrive.
    if (!map.getContainer().isConnected) return;
    offlineLayer().addTo(map).bringToBack();
  });
}
