import { directorySettings, upvote, type CallResponse } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { VISITOR_COOKIE } from '../../auth/visitor-ids.js';
import { castVote, currentVotes } from '../../directory/votes.js';
import type { CallRegistry } from '../../protocol/registry.js';
import { readSetting } from '../../settings/store.js';

const DAY_SECONDS = 86_400;
const COOKIE_DAYS = 365;

/**
 * `qcpd_upvote_action`: one vote per visitor per item. The visitor is the signed cookie (made on
 * the first vote); one address may vote only so often a day, whatever cookies it brings. The
 * nonce is checked by the dispatcher, which answers a bad one as a failed vote.
 */
export function registerUpvote(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(upvote, async ({ post_id }, { request, reply }) => {
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
    const answer = (votes: number, ok: boolean): CallResponse<typeof upvote> => ({
      votes,
      vote_status: ok ? 'success' : 'failed',
      cookies: `${VISITOR_COOKIE}=${cookie}`,
    });

    if (!settings.upvotes) return answer(await currentVotes(app.storage, post_id), false);
    const hits = await app.state.hit(`upvote:address:${request.ip}`, DAY_SECONDS);
    if (hits > settings.upvotesPerAddressPerDay) return answer(await currentVotes(app.storage, post_id), false);

    const result = await castVote(app.storage, post_id, app.visitors.voterKey(visitor));
    if (!result) return answer(0, false);
    return answer(result.votes, result.status === 'success');
  });
}
