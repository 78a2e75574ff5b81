import { decodeEmail, EVENT_TOKEN_FIELD, NO_COOKIE_FIELD, NO_COOKIE_PREFIX, type SpamReason } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { firstString, normaliseFields } from '../plugins/bodies.js';
import { judgeVisitor } from '../shield/index.js';

/**
 * Whether an upvote may count, by the spam shield's verdict of the page that sent it. A vote is a
 * call without a form, so it is judged as the contact decoder's call is, and every verdict is in
 * the spam log. Unlike a form it has no puzzle to clear a doubt, and a vote is small and bounded
 * per item and address already: so only evidence that is forged or spent refuses it (signals
 * another client brought first, a page key or token this site never issued, a blocked address).
 * A missing page, an automated browser or a tap without a pointer path is a doubt, not a refusal:
 * a phone's tap, a screen reader's activation and a browser without scripts all still vote.
 */
const FORGED: ReadonlySet<SpamReason> = new Set(['signals_replayed', 'checkjs_invalid', 'token_invalid', 'blocked_ip']);

/** The decode call's carriers of a call without a form (PROTOCOL.md section 3), with their limits. */
const carriers = decodeEmail.request.pick({ event_token: true, event_javascript_data: true }).shape;
/** The no-cookie field's largest useful size: the shield reads at most 256 KiB of JSON from it. */
const MAX_NO_COOKIE = 350_000;

function carried<K extends keyof typeof carriers>(fields: Record<string, unknown>, name: K): string | undefined {
  const parsed = carriers[name].safeParse(firstString(fields[name]));
  return parsed.success ? parsed.data : undefined;
}

/** The JSON text of the no-cookie field that the original page script adds to other scripts' calls. */
function noCookieJson(value: unknown): string | undefined {
  const text = firstString(value);
  if (text === undefined || !text.startsWith(NO_COOKIE_PREFIX) || text.length > MAX_NO_COOKIE) return undefined;
  return Buffer.from(text.slice(NO_COOKIE_PREFIX.length), 'base64').toString('utf8');
}

/**
 * The evidence comes as Waymark's page layer sends it (`event_token`, `event_javascript_data`,
 * as on the decode call), or as the original page script adds it to another script's call (the
 * `ct_bot_detector_event_token` field with the bot detector on, the no-cookie field without it),
 * and always from the signal cookies and the alt session, which the shield reads itself. A
 * signed-in visitor is not judged again, as on the decoder: signing in was.
 */
export async function voteMayCount(request: FastifyRequest): Promise<boolean> {
  if (request.user) return true;
  const fields = normaliseFields(request.body);
  const verdict = await judgeVisitor(
    request,
    {
      eventToken: carried(fields, 'event_token') ?? firstString(fields[EVENT_TOKEN_FIELD]),
      javascriptData: carried(fields, 'event_javascript_data') ?? noCookieJson(fields[NO_COOKIE_FIELD]),
    },
    'vote',
  );
  return !verdict.reasons.some((reason) => FORGED.has(reason));
}
