import type { DirectoryItem } from '@waymark/web';
import type { Item } from '../db/schema.js';

export type ItemRow = Pick<
  Item,
  | 'id'
  | 'title'
  | 'subtitle'
  | 'address'
  | 'locality'
  | 'phone'
  | 'hours'
  | 'url'
  | 'image'
  | 'lat'
  | 'lon'
  | 'paid'
  | 'marker'
  | 'content'
  | 'votes'
>;

/** The columns a page shows of an item. */
export const ITEM_COLUMNS = [
  'id',
  'title',
  'subtitle',
  'address',
  'locality',
  'phone',
  'hours',
  'url',
  'image',
  'lat',
  'lon',
  'paid',
  'marker',
  'content',
  'votes',
] as const satisfies readonly (keyof ItemRow)[];

/** A transform every item passes through on its way to a page (contact protection, later). */
export type ItemTransform = (item: DirectoryItem) => DirectoryItem;

/**
 * The one place where a database row becomes page data: whatever rewrites what visitors see
 * of an item (phones, e-mails) applies here and reaches every page that shows items.
 */
export function itemToPage(row: ItemRow, tags: string[], transform?: ItemTransform): DirectoryItem {
  const item: DirectoryItem = {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    address: row.address,
    locality: row.locality,
    phone: row.phone,
    hours: row.hours,
    url: row.url,
    image: row.image,
    lat: row.lat,
    lon: row.lon,
    paid: row.paid === 1,
    marker: row.marker,
    tags,
    content: row.content,
    votes: row.votes,
    phoneSealed: '',
  };
  return transform ? transform(item) : item;
}
