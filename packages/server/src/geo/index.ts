/**
 * Geography: Nominatim-format geocoding (`/geocode/search`, `/geocode/reverse`) from the offline
 * gazetteer or a configured Nominatim, and the check of an item's coordinates on write.
 */
export { geoRoutes } from './routes.js';
export {
  checkCoordinates,
  COORDINATE_MESSAGES,
  GEOCODER_PATH,
  GEOCODER_REVERSE_PATH,
  GEOCODER_SEARCH_PATH,
  GEONAMES_CREDIT,
  GEONAMES_CREDIT_HTML,
  type CoordinateCheck,
} from '@waymark/protocol';
