import { GEONAMES_CREDIT, type NominatimPlace } from '@waymark/protocol';
import { countryName } from './cities.js';
import type { Gazetteer, Hit } from './gazetteer.js';
import { fullAddress } from './items.js';

/**
 * Hits written as Nominatim's `format=json` places (PROTOCOL.md section 6). Cities keep their
 * GeoNames id as `place_id`; an item's is ITEM_PLACE_ID_BASE plus its id, so the two never meet.
 */

export const ITEM_PLACE_ID_BASE = 10_000_000_000;
/** Half the side of an item's bounding box, in degrees (about 50 m). */
const ITEM_BOX_DEGREES = 0.0005;

const decimal = (value: number) => value.toFixed(7);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function boundingBox(lat: number, lon: number, half: number): NominatimPlace['boundingbox'] {
  return [
    decimal(clamp(lat - half, -90, 90)),
    decimal(clamp(lat + half, -90, 90)),
    decimal(clamp(lon - half, -180, 180)),
    decimal(clamp(lon + half, -180, 180)),
  ];
}

/** Nominatim's words for a settlement by size. */
function settlementType(population: number): 'city' | 'town' | 'village' {
  return population >= 100_000 ? 'city' : population >= 10_000 ? 'town' : 'village';
}

export function toPlace(gazetteer: Gazetteer, hit: Hit, addressDetails: boolean): NominatimPlace {
  return hit.kind === 'city' ? cityPlace(gazetteer, hit, addressDetails) : itemPlace(gazetteer, hit, addressDetails);
}

function cityPlace({ cities }: Gazetteer, { index, score }: Hit, addressDetails: boolean): NominatimPlace {
  const name = cities.name[index] as string;
  const code = cities.country[index] as string;
  const admin = cities.admin[index] as string;
  const population = cities.population[index] ?? 0;
  const lat = cities.lat[index] as number;
  const lon = cities.lon[index] as number;
  const country = countryName(code);
  const type = settlementType(population);
  // A city's box grows with its population: about 1 km across a village, 50 km across a capital.
  const half = Math.min(0.25, 0.005 * Math.max(1, Math.sqrt(population / 1000)));
  const place: NominatimPlace = {
    place_id: cities.geonameId[index] as number,
    licence: GEONAMES_CREDIT,
    lat: decimal(lat),
    lon: decimal(lon),
    display_name: [name, admin, country].filter(Boolean).join(', '),
    boundingbox: boundingBox(lat, lon, half),
    class: 'place',
    type,
    importance: round(score),
  };
  if (addressDetails) {
    place.address = {
      [type]: name,
      ...(admin ? { 'ISO3166-2-lvl4': `${code}-${admin}` } : {}),
      country,
      country_code: code.toLowerCase(),
    };
  }
  return place;
}

function itemPlace(gazetteer: Gazetteer, { index, score }: Hit, addressDetails: boolean): NominatimPlace {
  const item = gazetteer.items.items[index];
  if (!item) throw new Error(`No item at gazetteer row ${index}`);
  const city = gazetteer.nearestCity(item.lat, item.lon);
  const code = city === undefined ? '' : (gazetteer.cities.country[city] as string);
  const country = code ? countryName(code) : '';
  const address = fullAddress(item);
  const place: NominatimPlace = {
    place_id: ITEM_PLACE_ID_BASE + item.id,
    licence: GEONAMES_CREDIT,
    lat: decimal(item.lat),
    lon: decimal(item.lon),
    display_name: [address, country].filter(Boolean).join(', '),
    boundingbox: boundingBox(item.lat, item.lon, ITEM_BOX_DEGREES),
    class: 'place',
    type: 'house',
    importance: round(score),
  };
  if (addressDetails) place.address = itemAddress(address, item.locality, country, code);
  return place;
}

/** "12 Rue de Rivoli, Paris" or "Hauptstraße 5, Berlin" as Nominatim's address parts. */
function itemAddress(address: string, locality: string, country: string, code: string): Record<string, string> {
  const parts = address.split(',').map((part) => part.trim());
  const street = parts[0] ?? '';
  const numberFirst = /^(\d+[\w/-]*)\s+(.+)$/.exec(street);
  const numberLast = /^(.+?)\s+(\d+[\w/-]*)$/.exec(street);
  const details: Record<string, string> = {};
  if (numberFirst) Object.assign(details, { house_number: numberFirst[1], road: numberFirst[2] });
  else if (numberLast) Object.assign(details, { road: numberLast[1], house_number: numberLast[2] });
  else if (street) details.road = street;
  const town = locality.trim() || (parts.length > 1 ? (parts[parts.length - 1] as string) : '');
  if (town) details.city = town;
  if (country) Object.assign(details, { country, country_code: code.toLowerCase() });
  return details;
}

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100_000) / 100_000;
