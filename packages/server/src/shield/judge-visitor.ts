import { SIGNAL, type ProtectedForm, type SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { readAltSession, keepKnown } from './alt-sessions.js';
import { addressBlocked, addressTrusted } from './block-lists.js';
import { clientHash, visitorHash } from './client.js';
import { checkEventToken, issuedToPerson } from './event-token.js';
import { interacted, pageReasons } from './page-evidence.js';
import { usableToken } from './token-value.js';
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

export function parseSignals(json: string | undefined): Record<string, unknown> {
  return keepKnown((json && parseJsonObject(json)) || {});
}

/**
 * Whether the visitor behind a call that is not a form (the contact decoder) is a person: the
 * same evidence a form pass needs. Either an event token the bot detector issued against a
 * person's signals, or the page's own signals, bound to a page of this site that no other
 * client used, with behaviour a script cannot copy from the page. The token is checked but not
 * claimed: one page may decode several times. Every verdict goes to the spam log.
 */
export async function judgeVisitor(
  request: FastifyRequest,
  input: VisitorEvidence,
  form: Extract<ProtectedForm, 'decode' | 'vote'> = 'decode',
): Promise<Verdict> {
  const app = request.server;
  const { keys } = app.shield;
  const settings = app.shield.settings();
  const now = Date.now();
  const altSession = settings.cookieType === 'alternative' ? await readAltSession(app, request) : {};
  const signals = {
    ...readSignals(request, { fields: {}, altSession, cookiePrefix: '' }),
    ...parseSignals(input.javascriptData),
  };

  const tokenValue = usableToken(input.eventToken) ?? usableToken(signals[SIGNAL.eventToken]);
  const token = tokenValue ? checkEventToken(keys, tokenValue, visitorHash(keys, request), now) : 'missing';
  const tokenPerson = token === 'ok' && tokenValue !== undefined && issuedToPerson(tokenValue);
  const client = clientHash(keys, request);
  const rate = await app.state.hit(`shield:rate:${form}:${client}`, 60);

  const reasons: SpamReason[] = [];
  if (!tokenPerson) {
    if (token === 'invalid') reasons.push('token_invalid');
    if (token === 'expired') reasons.push('token_expired');
    reasons.push(...(await pageReasons(request, signals, now)));
  }
  if (rate > DECODES_PER_MINUTE) reasons.push('rate_limited');
  if (addressBlocked(settings, request.ip)) reasons.push('blocked_ip');
  // An address on the allow list is judged and logged, and passes unless it tampered or is blocked.
  const trusted = addressTrusted(settings, request.ip);
  if (trusted) reasons.push('trusted_address');
  const tampered = reasons.some((r) => r === 'blocked_ip' || r === 'rate_limited' || r === 'signals_replayed');
  const allowed = reasons.length === 0 || (trusted && !tampered);
  const score = allowed ? 0 : 100;
  const verdict: Verdict = {
    allowed,
    reasons,
    score,
    fate: allowed ? 'pass' : 'block',
    price: { kind: 'free' },
    doubt: score,
  };
  app.metrics.verdict(form, verdict.allowed);

  await writeSpamLog(app.storage, {
    form,
    verdict,
    clientHash: client,
    details: {
      path: request.url.split('?')[0] ?? '',
      token: tokenPerson ? 'ok' : token,
      interacted: interacted(signals),
      pointerPoints: Array.isArray(signals[SIGNAL.pointer]) ? (signals[SIGNAL.pointer] as unknown[]).length : 0,
      rate,
    },
  });
  return verdict;
}
