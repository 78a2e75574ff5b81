import { directorySettings } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '../plugins/visitors.js';
import { readSetting } from '../settings/store.js';
import { castVote, currentVotes, votedItemIds } from './store.js';

const DAY_SECONDS = 86_400;
const COOKIE_DAYS = 365;

export interface UpvoteOutcome {
  votes: number;
  counted: boolean;
  /** The visitor cookie's value, as the answer reports it. */
  cookie: string;
}

/**
 * One vote per visitor per item. The visitor is the signed cookie (made on the first vote); one
 * address may vote only so often a day, whatever cookies it brings.
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

  if (!settings.upvotes) return refused();
  const hits = await app.state.hit(`upvote:address:${request.ip}`, DAY_SECONDS);
  if (hits > settings.upvotesPerAddressPerDay) return refused();

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
