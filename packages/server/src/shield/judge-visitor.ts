import { SIGNAL, type SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { readAltSession, keepKnown } from './alt-sessions.js';
import { addressBlocked } from './block-lists.js';
import { verifyCheckJs } from './check-js.js';
import { clientHash, visitorHash } from './client.js';
import { checkEventToken } from './event-token.js';
import { interacted } from './judge.js';
import { parseJsonObject, readSignals } from './signals.js';
import { writeSpamLog } from './spam-log.js';
import type { Verdict } from './weigh.js';

export interface VisitorEvidence {
  /** `event_token` of the call, if any. */
  eventToken: string | undefined;
  /** `event_javascript_data`: the page's signals as a JSON string, if any. */
  javascriptData: string | undefined;
}

/** How many decode calls one client may make in a minute. */
export const DECODES_PER_MINUTE = 20;

function parseSignals(json: string | undefined): Record<string, unknown> {
  return keepKnown((json && parseJsonObject(json)) || {});
}

/**
 * Whether the visitor behind a call that is not a form (the contact decoder) is a person: a
 * valid event token from the bot detector, or the page's own signals with the rotating
 * check-js key, some interaction, and no headless browser. The token is checked but not
 * claimed: one page may decode several times. Every verdict goes to the spam log.
 */
export async function judgeVisitor(request: FastifyRequest, input: VisitorEvidence): Promise<Verdict> {
  const app = request.server;
  const { keys } = app.shield;
  const settings = app.shield.settings();
  const now = Date.now();
  const altSession = settings.cookieType === 'alternative' ? await readAltSession(app, request) : {};
  const signals = {
    ...readSignals(request, { fields: {}, altSession, cookiePrefix: '' }),
    ...parseSignals(input.javascriptData),
  };

  const tokenValue =
    input.eventToken ??
    (typeof signals[SIGNAL.eventToken] === 'string' ? (signals[SIGNAL.eventToken] as string) : undefined);
  const token = tokenValue ? checkEventToken(keys, tokenValue, visitorHash(keys, request), now) : 'missing';
  const checkJsValue = signals[SIGNAL.checkJs];
  const checkJs = checkJsValue === undefined ? 'absent' : verifyCheckJs(keys, checkJsValue, now) ? 'ok' : 'bad';
  const person = checkJs === 'ok' && interacted(signals) && signals[SIGNAL.headless] !== true;
  const client = clientHash(keys, request);
  const rate = await app.state.hit(`shield:rate:decode:${client}`, 60);

  const reasons: SpamReason[] = [];
  if (token !== 'ok' && !person) {
    if (token === 'missing' && checkJs === 'absent') reasons.push('no_javascript');
    if (token === 'invalid') reasons.push('token_invalid');
    if (token === 'expired') reasons.push('token_expired');
    if (token === 'missing') reasons.push('token_missing');
    if (checkJs === 'bad') reasons.push('checkjs_invalid');
    if (checkJs === 'ok' && !interacted(signals)) reasons.push('no_interaction');
    if (signals[SIGNAL.headless] === true) reasons.push('headless');
  }
  if (rate > DECODES_PER_MINUTE) reasons.push('rate_limited');
  if (addressBlocked(settings, request.ip)) reasons.push('blocked_ip');
  const verdict: Verdict = { allowed: reasons.length === 0, reasons, score: reasons.length === 0 ? 0 : 100 };
  app.metrics.verdict('decode', verdict.allowed);

  await writeSpamLog(app.storage, {
    form: 'decode',
    verdict,
    clientHash: client,
    details: { path: request.url.split('?')[0] ?? '', token, checkJs, interacted: interacted(signals), rate },
  });
  return verdict;
}
