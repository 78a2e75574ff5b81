import type { ProtectedForm, ShieldSettings, SpamReason } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { recentFromOthers } from '../recent-from-others.js';
import { judge } from './bayes.js';
import { domainListed, findLinks } from './links.js';
import { modelFor } from './model.js';
import { signatureOf, similarity } from './near-duplicate.js';
import { tokensOf } from './tokens.js';

/**
 * The content judge: what a post says, judged on this machine. Links from a sender with no
 * history here, link domains on the site's block list, near copies of recent posts from anyone,
 * and a statistical filter taught by this site's own decisions. Only forms where people write
 * free text are read.
 */

export const JUDGED_FORMS: ReadonlySet<ProtectedForm> = new Set<ProtectedForm>([
  'review',
  'contact-owner',
  'suggest',
  'add-business',
  'claim',
]);

/** Fields that exist to hold an address: their link is the point, not a sign. */
const ADDRESS_FIELD = /^(url|website|web|link|homepage)$/i;
/** Posts remembered for near copies, and for how long. */
const RECENT_POSTS = 500;
const RECENT_SECONDS = 3 * 86_400;
/** A field's text from this many words on is prose, compared for near copies. */
const PROSE_WORDS = 6;
/** Signatures sharing this much are near copies: most of the wording is the same. */
export const NEAR_COPY = 0.6;
/** The statistical judge's answer from which a text counts as spam. */
export const SPAM_PROBABILITY = 0.9;
/** How long a sender whose post went through counts as known here. */
export const HISTORY_SECONDS = 90 * 86_400;

export interface WrittenText {
  field: string;
  text: string;
}

export interface ContentVerdict {
  reasons: SpamReason[];
  /** The statistical judge's answer, 0 (not spam) to 1 (spam); null where nothing was read. */
  spamProbability: number | null;
  /** What decided, for the spam log: the strongest spam clues and any near copy. */
  features: string;
  links: number;
}

const NOTHING: ContentVerdict = { reasons: [], spamProbability: null, features: '', links: 0 };

export const historyKey = (sender: string) => `shield:history:${sender}`;

export interface ContentContext {
  /** The visitor's keyed hash, and any e-mail address's the post names: who may have history. */
  senders: readonly string[];
  settings: ShieldSettings;
}

export async function judgeContent(
  app: FastifyInstance,
  form: ProtectedForm,
  written: readonly WrittenText[],
  { senders, settings }: ContentContext,
): Promise<ContentVerdict> {
  if (!JUDGED_FORMS.has(form)) return NOTHING;
  const texts = written.map((w) => w.text).filter((text) => text.trim() !== '');
  if (texts.length === 0) return NOTHING;
  const reasons: SpamReason[] = [];
  const features: string[] = [];

  const free = findLinks(written.filter((w) => !ADDRESS_FIELD.test(w.field)).map((w) => w.text));
  const links = findLinks(texts);
  if (links.domains.some((domain) => domainListed(domain, settings.blockedEmailDomains))) {
    reasons.push('blocked_link_domain');
  }
  if (free.count > 0) {
    const known = await Promise.all(senders.map((sender) => app.state.count(historyKey(sender))));
    if (!known.some((count) => count > 0)) reasons.push('links_first_post');
  }

  // What someone wrote in their own words: names, addresses and subjects repeat honestly.
  const prose = texts.filter((text) => (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= PROSE_WORDS);
  const signature = signatureOf(prose.join('\n'));
  if (signature) {
    // The visitor's own post sent again (after a puzzle or an error) is no copy.
    const others = await recentFromOthers(app.state, 'shield:content:recent', {
      sender: senders[0] ?? '',
      value: signature,
      keep: RECENT_POSTS,
      ttlSeconds: RECENT_SECONDS,
    });
    const nearest = Math.max(0, ...others.map((other) => similarity(signature, other)));
    if (nearest >= NEAR_COPY) {
      reasons.push('content_duplicate');
      features.push(`near copy ${nearest.toFixed(2)}`);
    }
  }

  const tokens = tokensOf(texts, links);
  const { spamProbability, clues } = judge(tokens, await modelFor(app.storage, tokens));
  if (spamProbability >= SPAM_PROBABILITY) reasons.push('content_spam');
  const spammy = clues.filter((clue) => clue.probability > 0.5).slice(0, 6);
  if (spammy.length > 0) features.push(spammy.map((c) => `${c.token} ${c.probability.toFixed(2)}`).join(', '));
  return { reasons, spamProbability, features: features.join('; '), links: links.count };
}

/** Marks the senders of a post that went through as known, for the next post's links. */
export async function rememberSenders(app: FastifyInstance, senders: readonly string[]): Promise<void> {
  await Promise.all(senders.map((sender) => app.state.hit(historyKey(sender), HISTORY_SECONDS)));
}
