import type { CompactItem, DirectoryItem } from './page-data.js';

/**
 * The one place that knows the order of an item's fields in the page's compact tuple: the
 * server encodes with it and the page decodes with it.
 */

/** Interns a string into a shared table and answers its index. */
export type Intern = (value: string) => number;

export function encodeItem(item: DirectoryItem, list: number, url: Intern, tag: Intern): CompactItem {
  return [
    item.id,
    list,
    item.title,
    item.subtitle,
    item.address,
    item.locality,
    item.phone,
    item.hours,
    item.url,
    item.image ? url(item.image) : -1,
    item.lat,
    item.lon,
    item.paid ? 1 : 0,
    item.marker ? url(item.marker) : -1,
    item.tags.map(tag),
    item.content,
    item.votes,
    item.phoneSealed,
    item.imageAlt,
    item.featured ? 1 : 0,
  ];
}

export function decodeItem(c: CompactItem, urls: readonly string[], tags: readonly string[]): DirectoryItem {
  return {
    id: c[0],
    title: c[2],
    subtitle: c[3],
    address: c[4],
    locality: c[5],
    phone: c[6],
    hours: c[7],
    url: c[8],
    image: c[9] >= 0 ? (urls[c[9]] ?? '') : '',
    lat: c[10],
    lon: c[11],
    paid: c[12] === 1,
    marker: c[13] >= 0 ? (urls[c[13]] ?? null) : null,
    tags: c[14].map((t) => tags[t] ?? ''),
    content: c[15],
    votes: c[16],
    phoneSealed: c[17],
    imageAlt: c[18],
    featured: c[19] === 1,
  };
}
