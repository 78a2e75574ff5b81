import { GEOCODE_LIMIT } from '@waymark/protocol';

/**
 * The query parameters of `/search` and `/reverse`, checked the way Nominatim checks them: a
 * bad one is a 400 answer in Nominatim's error shape naming the parameter, never a 500.
 */

export interface SearchParams {
  q: string;
  limit: number;
  addressDetails: boolean;
}

export interface ReverseParams {
  lat: number;
  lon: number;
  zoom: number;
  addressDetails: boolean;
}

export type Checked<T> = { ok: true; params: T } | { ok: false; message: string };

export const MAX_QUERY_LENGTH = 255;
const FORMATS = ['json'];
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[-+]?\d+$/;

class BadParameter extends Error {}

type Query = Record<string, unknown>;

/** A parameter given once, as text; repeated parameters are refused rather than guessed at. */
function text(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadParameter(`Parameter '${name}' must be given once.`);
  return value;
}

function integer(query: Query, name: string, min: number, max: number, fallback: number): number {
  const value = text(query, name);
  if (value === undefined || value === '') return fallback;
  if (!INTEGER.test(value.trim())) throw new BadParameter(`Parameter '${name}' must be a whole number.`);
  const n = Number(value);
  if (n < min || n > max) throw new BadParameter(`Parameter '${name}' must be between ${min} and ${max}.`);
  return n;
}

function coordinate(query: Query, name: 'lat' | 'lon', bound: number): number {
  const value = text(query, name);
  if (value === undefined || value.trim() === '') throw new BadParameter(`Parameter '${name}' is required.`);
  if (!DECIMAL.test(value.trim())) throw new BadParameter(`Parameter '${name}' expects a number.`);
  const n = Number(value);
  if (n < -bound || n > bound) throw new BadParameter(`Parameter '${name}' must be between -${bound} and ${bound}.`);
  return n;
}

function flag(query: Query, name: string, fallback: boolean): boolean {
  const value = text(query, name);
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new BadParameter(`Parameter '${name}' must be 0 or 1.`);
}

function format(query: Query): void {
  const value = text(query, 'format');
  if (value !== undefined && !FORMATS.includes(value)) {
    throw new BadParameter(`Parameter 'format' must be one of: ${FORMATS.join(', ')}.`);
  }
}

function checked<T>(read: () => T): Checked<T> {
  try {
    return { ok: true, params: read() };
  } catch (error) {
    if (error instanceof BadParameter) return { ok: false, message: error.message };
    throw error;
  }
}

export function searchParams(query: Query): Checked<SearchParams> {
  return checked(() => {
    format(query);
    const q = text(query, 'q');
    if (q === undefined) throw new BadParameter("Parameter 'q' is required.");
    if (q.length > MAX_QUERY_LENGTH) {
      throw new BadParameter(`Parameter 'q' must be at most ${MAX_QUERY_LENGTH} characters.`);
    }
    return {
      q,
      limit: integer(query, 'limit', GEOCODE_LIMIT.min, GEOCODE_LIMIT.max, GEOCODE_LIMIT.default),
      addressDetails: flag(query, 'addressdetails', false),
    };
  });
}

export function reverseParams(query: Query): Checked<ReverseParams> {
  return checked(() => {
    format(query);
    return {
      lat: coordinate(query, 'lat', 90),
      lon: coordinate(query, 'lon', 180),
      zoom: integer(query, 'zoom', 0, 18, 18),
      addressDetails: flag(query, 'addressdetails', true),
    };
  });
}
