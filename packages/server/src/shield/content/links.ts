import { LinkifyIt } from 'linkify-it';
import { getDomain } from 'tldts';

/**
 * The links a text carries, as a reader would see them: full addresses, bare `www.` and
 * `name.tld` forms and e-mail links (linkify-it, the markdown-it project's recogniser), each by
 * its registrable domain (tldts, on the public suffix list), so `a.b.spam.co.uk` is `spam.co.uk`.
 */

// Bare `name.tld` forms too, as a reader follows them. Beside linkify-it's own list, the
// generic domains cheap enough for spam runs.
const CHEAP_TLDS = [
  'xyz',
  'top',
  'online',
  'site',
  'club',
  'live',
  'icu',
  'store',
  'click',
  'link',
  'win',
  'bid',
  'loan',
  'vip',
  'work',
  'space',
  'fun',
  'website',
  'tech',
  'buzz',
  'cam',
  'rest',
  'app',
  'dev',
];
const linkify = new LinkifyIt({ fuzzyLink: true }).tlds(CHEAP_TLDS, true);

export interface Links {
  count: number;
  /** Registrable domains, each once, in order of first appearance. */
  domains: string[];
}

export function findLinks(texts: readonly string[]): Links {
  let count = 0;
  const domains = new Set<string>();
  for (const text of texts) {
    for (const match of linkify.match(text) ?? []) {
      if (match.schema === 'mailto:') continue;
      count += 1;
      const domain = getDomain(match.url);
      if (domain) domains.add(domain.toLowerCase());
    }
  }
  return { count, domains: [...domains] };
}

/** Whether a domain is one of the blocked ones, or under one. */
export const domainListed = (domain: string, listed: readonly string[]) =>
  listed.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
