import { botDetector } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { readAltSession } from './alt-sessions.js';
import { clientHash, visitorHash } from './client.js';
import { issueEventToken } from './event-token.js';
import { parseSignals } from './judge-visitor.js';
import { pageReasons } from './page-evidence.js';
import { readSignals } from './signals.js';

/** Tokens one client may fetch a minute: a page asks once a second at most while it has none. */
const TOKENS_PER_MINUTE = 60;

/**
 * *Waymark's* bot detector: the page reports its signals and gets an event token bound to the
 * visitor. A token is marked a person's only when the signals already show one, bound to a page
 * of this site (`pageReasons`); only such a token opens the contact decoder. Forms judge their
 * own signals when they arrive, so the answer looks the same either way and a bot learns
 * nothing from it.
 */
export function registerBotDetector(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(botDetector, async (input, { request }) => {
    const { keys } = app.shield;
    if ((await app.state.hit(`shield:tokens:${clientHash(keys, request)}`, 60)) > TOKENS_PER_MINUTE) {
      return new Answer(429, { error: 'RATE_LIMIT_EXCEEDED' });
    }
    const altSession = app.shield.settings().cookieType === 'alternative' ? await readAltSession(app, request) : {};
    const signals = {
      ...readSignals(request, { fields: {}, altSession, cookiePrefix: '' }),
      ...parseSignals(input.event_javascript_data),
    };
    const person = (await pageReasons(request, signals)).length === 0;
    return { event_token: issueEventToken(keys, visitorHash(keys, request), Date.now(), person) };
  });
}
