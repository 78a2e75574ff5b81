import { STEP_UP_SCORE, type ProtectedForm } from '@waymark/protocol';

/**
 * What a submission costs its sender before it is taken: nothing, a proof-of-work of a size, or a
 * person (the form's human challenge, or a moderator's look). The price follows doubt and volume,
 * as mCaptcha's and Friendly Captcha's do: a sender's first posts to a form in an hour are free
 * unless doubted, and each further post climbs the ladder until work no longer buys a post.
 *
 * Each number tried costs `POW_COST` PBKDF2-SHA-256 iterations, native code in the page's Web
 * Crypto and in a farm's Node alike (about 0.23 ms of CPU a number here, 0.25 ms in Chromium), so
 * a script pays what a browser pays, not a fraction of it. Expected work is half a step's numbers:
 *
 * | step | numbers | a farm's CPU (Node) | a mid-range phone (× 4) |
 * |---|---|---|---|
 * | 0 | 1,000 | 0.1 s | 0.5 s |
 * | 1 | 8,000 | 0.9 s | 4 s |
 * | 2 | 40,000 | 4.6 s | 20 s |
 * | 3 | 300,000 | 35 s | (a desktop: 37 s) |
 */

export const POW_COST = 1_000;
export const PRICE_STEPS = [1_000, 8_000, 40_000, 300_000] as const;

/**
 * Forms whose senders pay by volume. A search and a vote have shares of their own; a sign-in has
 * its own limits; a cart is filled an item at a time. A reveal pays only when in doubt (its
 * share counts the rest), dearer with each doubted reveal of the hour.
 */
const PRICED_BY_VOLUME: ReadonlySet<ProtectedForm> = new Set<ProtectedForm>([
  'review',
  'contact-owner',
  'registration',
  'suggest',
  'add-business',
  'claim',
  'decode',
]);

export type Price = { kind: 'free' } | { kind: 'work'; step: number; maxnumber: number } | { kind: 'person' };

/**
 * The price of a post scored `score`, the sender's `posts`-th to this form in the hour. With two
 * free posts (the default) the third is step 1, the fifth step 3, the sixth a person's; a doubt
 * is one step more.
 */
export function priceOf(form: ProtectedForm, score: number, posts: number, freePosts: number): Price {
  const volumeStep = PRICED_BY_VOLUME.has(form) && posts > freePosts ? posts - freePosts : -1;
  const step = score >= STEP_UP_SCORE ? volumeStep + 1 : volumeStep;
  if (step < 0) return { kind: 'free' };
  const maxnumber = PRICE_STEPS[step];
  return maxnumber === undefined ? { kind: 'person' } : { kind: 'work', step, maxnumber };
}

/** The price a puzzle of `maxnumber` numbers stood for, once its answer came back. */
export function paidPrice(maxnumber: number): Price {
  const step = PRICE_STEPS.findIndex((numbers) => numbers >= maxnumber);
  return { kind: 'work', step: step < 0 ? PRICE_STEPS.length - 1 : step, maxnumber };
}

/** The spam log's words for a price. */
export const priceLabel = (price: Price): string =>
  price.kind === 'work' ? `puzzle of ${price.maxnumber} numbers × ${POW_COST}` : price.kind;
