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

export interface Hit {
  kind: DocumentKind;
  id: number;
}

/**
 * The best matches, best first: bm25 on SQLite, `ts_rank` on PostgreSQL, a title word counting
 * ten times a body word; ties in key order, so the answer is the same every time.
 */
export async function searchDocuments(storage: Storage, query: SearchQuery): Promise<Hit[]> {
  if (query.words.length === 0 || query.kinds.length === 0) return [];
  const kinds = sql.join(query.kinds.map((kind) => sql.lit(kind)));
  if (storage.dialect === 'sqlite') {
    const { rows } = await sql<{ key: number; kind: DocumentKind }>`
      SELECT rowid AS key, kind FROM search_fts
      WHERE search_fts MATCH ${fts5Query(query.words, query.titlesOnly ? 'title' : null)} AND kind IN (${kinds})
      ORDER BY bm25(search_fts, 10.0, 1.0), rowid LIMIT ${query.limit}`.execute(storage.db);
    return rows.map((row) => ({ kind: row.kind, id: Math.floor(Number(row.key) / 2) }));
  }
  const column = sql.ref(query.titlesOnly ? 'title_tsv' : 'doc_tsv');
  const { rows } = await sql<{ kind: DocumentKind; ref_id: number }>`
    SELECT kind, ref_id FROM search_documents, to_tsquery('simple', ${tsQuery(query.words)}) AS q
    WHERE ${column} @@ q AND kind IN (${kinds})
    ORDER BY ts_rank(${column}, q, 1) DESC, doc_key LIMIT ${query.limit}`.execute(storage.db);
  return rows.map((row) => ({ kind: row.kind, id: row.ref_id }));
}
