import type { DirectoryItem } from '@waymark/web';
import type { Storage } from '../db/connect.js';
import { ITEM_COLUMNS, itemToPage, type ItemTransform } from './page-item.js';

/** One item with its tags as a page shows it, or null when there is none with this id. */
export async function loadItem({ db }: Storage, id: number, transform?: ItemTransform): Promise<DirectoryItem | null> {
  const [row, tags] = await Promise.all([
    db.selectFrom('items').select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst(),
    db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select('tags.name')
      .where('item_tags.item_id', '=', id)
      .orderBy('tags.name')
      .execute(),
  ]);
  return row
    ? itemToPage(
        row,
        tags.map((t) => t.name),
        transform,
      )
    : null;
}
