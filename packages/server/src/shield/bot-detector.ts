import { botDetector } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { clientHash, visitorHash } from './client.js';
import { issueEventToken } from './event-token.js';

/** Tokens one client may fetch a minute: a page asks once a second at most while it has none. */
const TOKENS_PER_MINUTE = 60;

/**
 * *Waymark's* bot detector: the page reports its signals and gets an event token bound to the
 * visitor. The signals are judged when a submission arrives, not here, so a bot learns nothing
 * from this answer.
 */
export function registerBotDetector(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(botDetector, async (_input, { request }) => {
    const { keys } = app.shield;
    if ((await app.state.hit(`shield:tokens:${clientHash(keys, request)}`, 60)) > TOKENS_PER_MINUTE) {
      return new Answer(429, { error: 'RATE_LIMIT_EXCEEDED' });
    }
    return { event_token: issueEventToken(keys, visitorHash(keys, request)) };
  });
}
