import { SIGNAL, STEP_UP_SCORE, type ProtectedForm, type SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { readAltSession, keepKnown } from './alt-sessions.js';
import { addressBlocked } from './block-lists.js';
import { clientHash, visitorHash } from './client.js';
import { trustOf } from './trusted-visitors.js';
import { checkEventToken, issuedToPerson } from './event-token.js';
import type { JudgedVerdict } from './judge.js';
import { interacted, pageReasons } from './page-evidence.js';
import { priceOf, priceLabel } from './price.js';
import { bindingOf, checkSolution, issueChallenge } from './proof-of-work.js';
import { recordVerdict } from './record-verdict.js';
import { usableToken } from './token-value.js';
import { parseJsonObject, readSignals } from './signals.js';
import { countPosts } from './volume.js';

export interface VisitorEvidence {
  /** `event_token` of the call, if any. */
  eventToken: string | undefined;
  /** `event_javascript_data`: the page's signals as a JSON string, if any. */
  javascriptData: string | undefined;
  /** The answer to the puzzle an earlier answer of the call asked for (`waymark_pow`), if any. */
  stepUp?: string | undefined;
}

/**
 * What a decode call may lack and still be a person's: behaviour not seen yet (a tap on a contact
 * at the top of the page, a screen reader's activation) or an event token gone stale. The puzzle
 * answers these; anything forged, replayed, automated or blocked it does not.
 */
const DOUBTS: ReadonlySet<SpamReason> = new Set(['no_behaviour', 'no_interaction', 'token_expired']);

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
 * claimed: one page may decode several times. A decode merely in doubt steps up as a form does:
 * the page pays a puzzle, dearer with each doubted decode of the hour, and sends again; a vote
 * has no puzzle and its caller reads the reasons. Every verdict goes to the spam log.
 */
export async function judgeVisitor(
  request: FastifyRequest,
  input: VisitorEvidence,
  form: Extract<ProtectedForm, 'decode' | 'vote'> = 'decode',
): Promise<JudgedVerdict> {
  const app = request.server;
  const { keys } = app.shield;
  const settings = app.shield.settings();
  const now = Date.now();
  const altSession = settings.cookieType === 'alternative' ? await readAltSession(app, request) : {};
  const signals = {
    ...readSignals(request, { fields: {}, altSession, cookiePrefix: '' }),
    ...parseSignals(input.javascriptData),
  };

  const visitor = visitorHash(keys, request);
  const tokenValue = usableToken(input.eventToken) ?? usableToken(signals[SIGNAL.eventToken]);
  const token = tokenValue ? checkEventToken(keys, tokenValue, visitor, now) : 'missing';
  const tokenPerson = token === 'ok' && tokenValue !== undefined && issuedToPerson(tokenValue);
  const client = clientHash(keys, request);
  const checkJs = signals[SIGNAL.checkJs];
  // Bound to this visitor, page and token, the answer works for this call sent again, once.
  const bind = bindingOf(keys, visitor, typeof checkJs === 'string' ? checkJs : '', tokenValue ?? '');
  const answer = input.stepUp === undefined ? null : await checkSolution(keys, app.state, input.stepUp, { now, bind });
  const paid = answer?.state === 'ok' ? answer.paid : 0;
  const rate = await app.state.hit(`shield:rate:${form}:${client}`, 60);

  const reasons: SpamReason[] = [];
  if (!tokenPerson) {
    if (token === 'invalid') reasons.push('token_invalid');
    if (token === 'expired') reasons.push('token_expired');
    reasons.push(...(await pageReasons(request, signals, now)));
  }
  if (rate > DECODES_PER_MINUTE) reasons.push('rate_limited');
  if (addressBlocked(settings, request.ip)) reasons.push('blocked_ip');
  // An address on the allow list, or a visitor an administrator vouched for, is judged and logged,
  // and passes unless it tampered or is blocked.
  const trust = await trustOf(app.storage, settings, request.ip, visitor);
  const trusted = trust !== null;
  if (trust) reasons.push(trust);
  const tampered = reasons.some((r) => r === 'blocked_ip' || r === 'rate_limited' || r === 'signals_replayed');
  const doubted = form === 'decode' && reasons.length > 0 && reasons.every((r) => DOUBTS.has(r));
  const allowed = reasons.length === 0 || (trusted && !tampered) || (doubted && paid > 0);
  let verdict: JudgedVerdict = { allowed, reasons, score: 0, fate: 'pass', price: { kind: 'free' }, doubt: 0 };
  if (!allowed) {
    const posts = doubted ? await countPosts(request, keys, form, now) : 0;
    const price = doubted ? priceOf(form, STEP_UP_SCORE, posts, settings.freePostsPerHour) : null;
    verdict =
      price?.kind === 'work'
        ? {
            allowed: true,
            reasons,
            score: STEP_UP_SCORE,
            fate: 'step-up',
            price,
            doubt: STEP_UP_SCORE,
            challenge: issueChallenge(keys, { now, bind, maxnumber: price.maxnumber }),
          }
        : { allowed: false, reasons, score: 100, fate: 'block', price: price ?? { kind: 'free' }, doubt: 100 };
  }
  await recordVerdict(app, {
    form,
    verdict,
    clientHash: client,
    visitorHash: visitor,
    details: {
      path: request.url.split('?')[0] ?? '',
      token: tokenPerson ? 'ok' : token,
      interacted: interacted(signals),
      pointerPoints: Array.isArray(signals[SIGNAL.pointer]) ? (signals[SIGNAL.pointer] as unknown[]).length : 0,
      rate,
      fate: verdict.fate,
      priceAsked: verdict.fate === 'step-up' ? priceLabel(verdict.price) : null,
      pricePaid: paid > 0 ? paid : null,
    },
  });
  return verdict;
}
