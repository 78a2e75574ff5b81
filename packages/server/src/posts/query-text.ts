/** At most this many words of a search count; the rest is ignored. */
const MAX_WORDS = 8;

/**
 * The words of a typed search, lower-cased: runs of letters and digits, so no character of
 * either index's query syntax reaches it. The last word is matched as a prefix, as it may be
 * half typed.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
}

/** An FTS5 query: every word (in `column` only, when named), the last as a prefix. */
export function fts5Query(words: readonly string[], column: string | null = null): string {
  const filter = column ? `${column} : ` : '';
  return words.map((word, i) => `${filter}"${word}"${i === words.length - 1 ? '*' : ''}`).join(' AND ');
}

/** A PostgreSQL `tsquery` text: every word, the last as a prefix. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}
