import type { LiveSearchResult, LiveSearchSettings, PostType } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';
import { escapeHtml } from '../content/sanitize.js';
import { LRUCache } from 'lru-cache';
import { searchWords } from './query-text.js';
import { searchDocuments, type DocumentKind, type Hit, type SearchQuery } from './search-index.js';
import { postPath } from './store.js';

/** The call's fields once parsed (PROTOCOL.md section 6); an absent flag takes the setting. */
export interface LiveSearchInput {
  search: string;
  per_page: number;
  show_feat_img?: boolean | undefined;
  display_post_type?: boolean | undefined;
  post_type?: string[] | undefined;
  search_limit_to_post_titles?: boolean | undefined;
}

export type LiveSearchAnswer = Record<string, LiveSearchResult>;

/** Answers kept per process: a few hundred texts cover what people type in a while. */
const CACHE_SIZE = 500;

/** The original theme's name for an article. */
const ALIASES: Record<string, PostType> = { post: 'article' };

/** An image address fit for the answer: our own path or the public web, nothing else. */
const SAFE_URL = /^(?:\/(?!\/)|https?:\/\/)[^\s"'<>]*$/;

/**
 * The header live search: the text's words against the full-text index, the best `per_page`
 * first, as the keyed object of the protocol, every title and URL escaped. Answers are kept in
 * memory per text, post types and options; the index's generation number, raised by the
 * triggers on every write by any instance, empties the cache when the documents changed.
 */
export function createLiveSearch(storage: Storage) {
  const cache = new LRUCache<string, LiveSearchAnswer>({ max: CACHE_SIZE });
  let generation: string | null = null;

  return async function liveSearch(input: LiveSearchInput, settings: LiveSearchSettings): Promise<LiveSearchAnswer> {
    const text = input.search.trim();
    if ([...text].length < settings.min_char_count) return {};
    const words = searchWords(text);
    const kinds = requestedKinds(input.post_type, settings.post_types);
    if (words.length === 0 || kinds.length === 0) return {};
    const options = {
      limit: Math.min(input.per_page, 50),
      titlesOnly: input.search_limit_to_post_titles ?? settings.search_limit_to_post_titles,
      images: input.show_feat_img ?? settings.show_feat_img,
      types: input.display_post_type ?? settings.display_post_type,
    };
    const key = JSON.stringify([words, kinds, options]);

    const now = await currentGeneration(storage);
    if (now !== generation) {
      cache.clear();
      generation = now;
    }
    const cached = cache.get(key);
    if (cached) return cached;

    const found = await findDocuments(storage, { words, kinds, limit: options.limit, titlesOnly: options.titlesOnly });
    const answer: LiveSearchAnswer = {};
    found.forEach((document, index) => {
      answer[String(index)] = {
        post_url: escapeHtml(document.url),
        title: escapeHtml(document.title),
        image_url: options.images && SAFE_URL.test(document.image) ? escapeHtml(document.image) : '',
        id: document.id,
        type: options.types ? document.kind : '',
      };
    });
    cache.set(key, answer);
    return answer;
  };
}

/** The asked-for post types the site searches; the site's own when none are asked for. */
function requestedKinds(asked: string[] | undefined, allowed: readonly PostType[]): DocumentKind[] {
  if (!asked || asked.length === 0) return [...allowed];
  const wanted = new Set(asked.map((name) => ALIASES[name] ?? name));
  return allowed.filter((kind) => wanted.has(kind));
}

async function currentGeneration({ db }: Storage): Promise<string> {
  const row = await db.selectFrom('search_state').select('generation').where('id', '=', 1).executeTakeFirst();
  return String(row?.generation ?? 0);
}

export interface FoundDocument {
  kind: DocumentKind;
  id: number;
  url: string;
  /** As written: escape it where it is shown. */
  title: string;
  image: string;
}

/** The best matches with their addresses, titles and pictures, best first. */
export async function findDocuments(storage: Storage, query: SearchQuery): Promise<FoundDocument[]> {
  const hits = await searchDocuments(storage, query);
  const documents = await loadDocuments(storage, hits);
  return hits.flatMap((hit) => documents.get(`${hit.kind}:${hit.id}`) ?? []);
}

/** The hits' addresses, titles and pictures, by `kind:id`. */
async function loadDocuments({ db }: Storage, hits: readonly Hit[]): Promise<Map<string, FoundDocument>> {
  const found = new Map<string, FoundDocument>();
  const itemIds = hits.filter((hit) => hit.kind === 'item').map((hit) => hit.id);
  const postIds = hits.filter((hit) => hit.kind !== 'item').map((hit) => hit.id);
  const [items, posts] = await Promise.all([
    itemIds.length ? db.selectFrom('items').select(['id', 'title', 'image']).where('id', 'in', itemIds).execute() : [],
    postIds.length
      ? db.selectFrom('posts').select(['id', 'type', 'slug', 'title', 'image']).where('id', 'in', postIds).execute()
      : [],
  ]);
  for (const item of items) {
    found.set(`item:${item.id}`, {
      kind: 'item',
      id: item.id,
      url: `/items/${item.id}`,
      title: item.title,
      image: item.image,
    });
  }
  for (const post of posts) {
    const url = postPath(post.type, post.slug);
    found.set(`${post.type}:${post.id}`, { kind: post.type, id: post.id, url, title: post.title, image: post.image });
  }
  return found;
}
