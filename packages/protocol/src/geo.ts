import { z } from 'zod';

/**
 * PROTOCOL.md section 6: geocoding in the Nominatim format. The page's `{geocoder}` is the
 * Waymark server itself, under this path (the browser never calls a third party): the server
 * answers from its offline gazetteer or forwards to a configured Nominatim instance. A prefix
 * rather than the bare `/search` keeps the site's own namespace free for a search page.
 */
export const GEOCODER_PATH = '/geocode';
export const GEOCODER_SEARCH_PATH = `${GEOCODER_PATH}/search`;
export const GEOCODER_REVERSE_PATH = `${GEOCODER_PATH}/reverse`;

/** Nominatim's answer to a reverse lookup that found nothing. */
export const GEOCODE_NOT_FOUND = 'Unable to geocode';

/** The credit GeoNames asks for (CC BY 4.0), shown wherever the gazetteer answers. */
export const GEONAMES_CREDIT = 'Place names © GeoNames (https://www.geonames.org), CC BY 4.0';
export const GEONAMES_CREDIT_HTML =
  'Place names © <a href="https://www.geonames.org">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>)';

/** Limits of the `limit` parameter of `/search`, and its default (Nominatim's own). */
export const GEOCODE_LIMIT = { min: 1, max: 50, default: 10 } as const;

/** One place as Nominatim's `format=json` writes it. */
export const nominatimPlace = z.object({
  place_id: z.number(),
  licence: z.string().optional(),
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
  /** South, north, west, east. */
  boundingbox: z.tuple([z.string(), z.string(), z.string(), z.string()]),
  class: z.string(),
  type: z.string(),
  importance: z.number(),
  address: z.record(z.string(), z.string()).optional(),
});
export type NominatimPlace = z.infer<typeof nominatimPlace>;

/** Nominatim's error answer to a bad request. */
export const nominatimError = z.object({ error: z.object({ code: z.number(), message: z.string() }) });
export type NominatimError = z.infer<typeof nominatimError>;

export type CoordinateCheck =
  { ok: true; lat: number | null; lon: number | null } | { ok: false; field: 'lat' | 'lon'; message: string };

export const COORDINATE_MESSAGES = {
  lat: 'The latitude must be a number from -90 to 90.',
  lon: 'The longitude must be a number from -180 to 180.',
  pair: 'Give both the latitude and the longitude, or neither.',
} as const;

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** A number from a form field or a JSON value; null when absent or blank; NaN when not a number. */
function coordinate(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (text === '') return null;
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/**
 * An item's coordinates as written: latitude -90…90, longitude -180…180, both or neither.
 * Accepts numbers or the decimal text of a form field.
 */
export function checkCoordinates(lat: unknown, lon: unknown): CoordinateCheck {
  const y = coordinate(lat);
  const x = coordinate(lon);
  if (y !== null && !(y >= -90 && y <= 90)) return { ok: false, field: 'lat', message: COORDINATE_MESSAGES.lat };
  if (x !== null && !(x >= -180 && x <= 180)) return { ok: false, field: 'lon', message: COORDINATE_MESSAGES.lon };
  if ((y === null) !== (x === null)) {
    return { ok: false, field: y === null ? 'lat' : 'lon', message: COORDINATE_MESSAGES.pair };
  }
  return { ok: true, lat: y, lon: x };
}
