import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A tag's slug: lower-case ASCII words joined by hyphens. */
export function tagSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'tag';
}

/**
 * Adds the tags named to an item, in the caller's transaction, making any tag the directory does
 * not have yet. Names that make the same slug are one tag.
 */
export async function addItemTags(trx: Kysely<Database>, itemId: number, names: readonly string[]): Promise<void> {
  const bySlug = new Map(names.map((name) => [tagSlug(name), name]));
  if (bySlug.size === 0) return;
  const slugs = [...bySlug.keys()];
  await trx
    .insertInto('tags')
    .values(slugs.map((slug) => ({ slug, name: bySlug.get(slug) ?? slug })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const tags = await trx.selectFrom('tags').select('id').where('slug', 'in', slugs).execute();
  await trx
    .insertInto('item_tags')
    .values(tags.map((tag) => ({ item_id: itemId, tag_id: tag.id })))
    .execute();
}
