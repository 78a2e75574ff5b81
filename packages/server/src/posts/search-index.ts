import { sql } from 'kysely';
import type { Storage } from '../db/connect.js';
import { fts5Query, tsQuery } from './query-text.js';

/** What the index holds: an item, or a post of its type. */
export type DocumentKind = 'item' | 'page' | 'article';

export interface SearchQuery {
  /** From `searchWords`: at least one. */
  words: readonly string[];
  kinds: readonly DocumentKind[];
  limit: number;
  /** Match titles only, not bodies, subtitles and descriptions. */
  titlesOnly: boolean;
}

/**
 * Matches ranked on SQLite. bm25 is worked out for the first this many matches only: a common
 * prefix ("bake") matches tens of thousands of 100,000 documents, and ranking them all costs
 * hundreds of milliseconds; beyond it the rank is among these, in index order.
 */
const CANDIDATES = 1_000;
const ALL_KINDS: readonly DocumentKind[] = ['item', 'page', 'article'];

export interface Hit {
  kind: DocumentKind;
  id: number;
}

/**
 * The best matches, best first: bm25 on SQLite (title matches before the rest), `ts_rank` on
 * PostgreSQL, a title word counting ten times a body word; ties in key order, so the answer is
 * the same every time.
 */
export async function searchDocuments(storage: Storage, query: SearchQuery): Promise<Hit[]> {
  if (query.words.length === 0 || query.kinds.length === 0) return [];
  if (storage.dialect === 'sqlite') {
    // Title matches first, then, to fill the page, matches anywhere else.
    const hits = await sqliteMatches(storage, fts5Query(query.words, 'title'), query.kinds, query.limit);
    if (hits.length < query.limit && !query.titlesOnly) {
      const seen = new Set(hits.map((hit) => `${hit.kind}:${hit.id}`));
      const more = query.limit + hits.length;
      for (const hit of await sqliteMatches(storage, fts5Query(query.words), query.kinds, more)) {
        if (hits.length === query.limit) break;
        if (!seen.has(`${hit.kind}:${hit.id}`)) hits.push(hit);
      }
    }
    return hits;
  }
  const kinds = sql.join(query.kinds.map((kind) => sql.lit(kind)));
  const column = sql.ref(query.titlesOnly ? 'title_tsv' : 'doc_tsv');
  const { rows } = await sql<{ kind: DocumentKind; ref_id: number }>`
    SELECT kind, ref_id FROM search_documents, to_tsquery('simple', ${tsQuery(query.words)}) AS q
    WHERE ${column} @@ q AND kind IN (${kinds})
    ORDER BY ts_rank(${column}, q, 1) DESC, doc_key LIMIT ${query.limit}`.execute(storage.db);
  return rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
}

async function sqliteMatches(storage: Storage, match: string, kinds: readonly DocumentKind[], limit: number) {
  // Every kind asked for: no filter, which would read each match's row.
  const filter = ALL_KINDS.every((kind) => kinds.includes(kind))
    ? sql``
    : sql`AND kind IN (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;
  const { rows } = await sql<{ key: number; kind: DocumentKind }>`
    SELECT key, kind FROM (
      SELECT rowid AS key, kind, bm25(search_fts, 10.0, 1.0) AS score FROM search_fts
      WHERE search_fts MATCH ${match} ${filter} LIMIT ${CANDIDATES}
    ) ORDER BY score, key LIMIT ${limit}`.execute(storage.db);
  return rows.map((row): Hit => ({ kind: row.kind, id: Math.floor(Number(row.key) / 2) }));
}
