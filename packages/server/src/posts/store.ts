import type { Storage } from '../db/connect.js';
import { sanitizeRichText } from '../content/sanitize.js';
import type { PostKind } from '../db/schema.js';

/** A slug: lower-case words of letters and digits joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface PostInput {
  type: PostKind;
  slug: string;
  title: string;
  /** Rich text; sanitized here, whoever wrote it. */
  body: string;
  image?: string;
  imageAlt?: string;
}

export interface Post {
  id: number;
  type: PostKind;
  slug: string;
  title: string;
  body: string;
  image: string;
  imageAlt: string;
  createdAt: string;
  updatedAt: string;
}

/** Only an address of our own media or of the public web may be a post's picture. */
const SAFE_IMAGE = /^(?:\/(?!\/)|https?:\/\/)[^\s"'<>]*$/;

/**
 * Writes a page or an article: new under its type and slug, or over the one there. The body is
 * sanitized on write; the search index follows by trigger.
 */
export async function writePost({ db }: Pick<Storage, 'db'>, input: PostInput): Promise<number> {
  if (!SLUG.test(input.slug) || input.slug.length > 200) throw new RangeError(`Not a slug: ${input.slug}`);
  const image = input.image ?? '';
  if (image !== '' && !SAFE_IMAGE.test(image)) throw new RangeError(`Not an image address: ${image}`);
  const now = new Date().toISOString();
  const values = {
    title: input.title.trim().slice(0, 300),
    body: sanitizeRichText(input.body),
    image,
    image_alt: (input.imageAlt ?? '').slice(0, 500),
    updated_at: now,
  };
  const row = await db
    .insertInto('posts')
    .values({ type: input.type, slug: input.slug, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['type', 'slug']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function postBySlug({ db }: Storage, type: PostKind, slug: string): Promise<Post | null> {
  if (!SLUG.test(slug)) return null;
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('type', '=', type)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        type: row.type,
        slug: row.slug,
        title: row.title,
        body: row.body,
        image: row.image,
        imageAlt: row.image_alt,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : null;
}

export async function countPosts({ db }: Pick<Storage, 'db'>): Promise<number> {
  const { count } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Where a post is read. */
export const postPath = (type: PostKind, slug: string): string => `/${type === 'page' ? 'pages' : 'articles'}/${slug}`;
