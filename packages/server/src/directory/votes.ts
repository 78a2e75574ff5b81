import { directorySettings } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sentFromAnotherSite } from '../plugins/site-origin.js';
import { VISITOR_COOKIE } from '../plugins/visitors.js';
import { readSetting } from '../settings/store.js';
import { castVote, currentVotes, votedItemIds } from './store.js';
import { voteMayCount } from './vote-judge.js';

const DAY_SECONDS = 86_400;
const COOKIE_DAYS = 365;
/** Votes one address may add to one item a day, cookies or not: a household, not a stuffer. */
export const VOTES_PER_ITEM_PER_ADDRESS = 3;

/**
 * Who an address is, for vote limits: an IPv4 address itself, an IPv6 address's /64 (one
 * subscriber's network, where every host may pick a new address at will).
 */
export function voterAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] ?? ip;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface UpvoteOutcome {
  votes: number;
  counted: boolean;
  /** The visitor cookie's value, as the answer reports it. */
  cookie: string;
}

/**
 * One vote per visitor per item. The visitor is the signed cookie (made on the first vote); one
 * address (an IPv6 /64) may vote only so often a day, and for one item only a few times,
 * whatever cookies it brings. A vote a browser says came from another site does not count: the
 * anonymous nonce is the same for everyone, so only the browser can tell. Nor does one the spam
 * shield does not judge a person's; it is judged before the address's limits are counted, so a
 * bot's refused votes do not use up the votes of the people who share its address.
 */
export async function upvoteItem(request: FastifyRequest, reply: FastifyReply, itemId: number): Promise<UpvoteOutcome> {
  const app = request.server;
  const settings = await readSetting(app.storage, directorySettings);
  let visitor = app.visitors.verify(request.cookies[VISITOR_COOKIE]);
  let cookie = request.cookies[VISITOR_COOKIE] ?? '';
  if (!visitor) {
    const issued = app.visitors.issue();
    visitor = issued.id;
    cookie = issued.cookie;
    reply.setCookie(VISITOR_COOKIE, cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: COOKIE_DAYS * DAY_SECONDS,
    });
  }
  const refused = async () => ({ votes: await currentVotes(app.storage, itemId), counted: false, cookie });

  if (!settings.upvotes || sentFromAnotherSite(request)) return refused();
  if (!(await voteMayCount(request))) return refused();
  const address = voterAddress(request.ip);
  const hits = await app.state.hit(`upvote:address:${address}`, DAY_SECONDS);
  if (hits > settings.upvotesPerAddressPerDay) return refused();
  const itemHits = await app.state.hit(`upvote:item:${itemId}:${address}`, DAY_SECONDS);
  if (itemHits > VOTES_PER_ITEM_PER_ADDRESS) return refused();

  const result = await castVote(app.storage, itemId, app.visitors.voterKey(visitor));
  if (!result) return { votes: 0, counted: false, cookie };
  return { votes: result.votes, counted: result.status === 'success', cookie };
}

/**
 * The items this visitor has upvoted, as their signed cookie names them (none without one), so
 * the page shows their own votes as counted from the first paint.
 */
export async function visitorVotes(request: FastifyRequest): Promise<number[]> {
  const { visitors, storage } = request.server;
  const visitor = visitors.verify(request.cookies[VISITOR_COOKIE]);
  return visitor ? votedItemIds(storage, visitors.voterKey(visitor)) : [];
}
