import KDBush from 'kdbush';
import { normalizeName } from './normalize.js';
import { PrefixIndex } from './prefix-index.js';
import type { LocatedItem } from './store.js';

/**
 * The directory's own addresses as a second, smaller gazetteer: the same prefix index (over the
 * address with its locality) and k-d tree as the cities', rebuilt when the items change.
 */
export interface ItemTable {
  readonly items: readonly LocatedItem[];
  /** Normalized address and locality, padded with spaces, for "rue de rivoli, paris". */
  readonly qualifiers: readonly string[];
  readonly names: PrefixIndex;
  readonly positions: KDBush;
}

export function buildItemTable(items: readonly LocatedItem[]): ItemTable {
  const positions = new KDBush(items.length);
  const normalized: string[] = [];
  const qualifiers: string[] = [];
  for (const item of items) {
    const full = normalizeName(fullAddress(item));
    normalized.push(full);
    qualifiers.push(` ${full} `);
    positions.add(item.lon, item.lat);
  }
  positions.finish();
  // Addresses are longer than city names; a street is found by any of its first words.
  return { items, qualifiers, names: new PrefixIndex(normalized, 8), positions };
}

/** The item's address, with its locality when the address does not already name it. */
export function fullAddress(item: Pick<LocatedItem, 'address' | 'locality'>): string {
  const locality = item.locality.trim();
  const address = item.address.trim();
  if (!locality || normalizeName(address).includes(normalizeName(locality))) return address;
  return `${address}, ${locality}`;
}
