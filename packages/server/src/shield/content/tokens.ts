import type { Links } from './links.js';

/**
 * What the statistical judge reads in a text: its words (letters and digits, lower case, 2 to 24
 * long), each link's domain, and whether it has links at all, each token once per text (a word
 * said ten times is no ten times the evidence), as SpamBayes counts.
 */

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’]{1,23}/gu;
const MAX_TOKENS = 400;

export function tokensOf(texts: readonly string[], links: Links): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
      if (!/^\d+$/.test(word)) tokens.add(word);
    }
  }
  for (const domain of links.domains) tokens.add(`link:${domain}`);
  if (links.count > 0) tokens.add(links.count >= 3 ? 'links:many' : 'links:some');
  return [...tokens].slice(0, MAX_TOKENS);
}
