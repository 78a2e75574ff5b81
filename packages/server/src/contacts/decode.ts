import {
  STEP_UP_ANSWER,
  STEP_UP_TEXT,
  type CallRequest,
  type CallResponse,
  type decodeEmail,
  type DecodeResultItem,
} from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { judgeVisitor } from '../shield/index.js';
import { grantContactPass } from './pass.js';
import { revealWithin, shown } from './reveal-limit.js';

/**
 * More distinct contacts than any page shows (the home page shows every item's phone: 300 in
 * the demo; a large directory renders only the items near the screen): past this, not a page's.
 */
export const MAX_CONTACTS = 2_000;

/**
 * The decoder's call: the encoded contacts of a page, the clicked one first, revealed only to a
 * person (or a signed-in user) and no more than a person's share an hour, one answer item per
 * distinct encoded string, and a pass for later pages that holds what was revealed. A visitor the
 * shield only doubts is asked the puzzle beside the refusal; the page pays it and sends again.
 */
export async function decodeContacts(
  request: FastifyRequest,
  reply: FastifyReply,
  input: CallRequest<typeof decodeEmail>,
): Promise<CallResponse<typeof decodeEmail>> {
  const app = request.server;
  const encoded = [...new Set(Object.values(input.encodedEmails))];
  if (encoded.length === 0) return { success: true, data: false as const };
  const refuse = (comment: string, success = true) => ({
    success,
    data: encoded.map((value): DecodeResultItem => ({
      is_allowed: false,
      show_comment: true,
      comment,
      encoded_email: value,
      decoded_email: '',
    })),
  });
  if (encoded.length > MAX_CONTACTS) return refuse('Too many contacts in one request.');

  try {
    if (!request.user) {
      const verdict = await judgeVisitor(request, {
        eventToken: input.event_token,
        javascriptData: input.event_javascript_data,
        stepUp: input.waymark_pow,
      });
      if (verdict.fate === 'step-up' && verdict.challenge) {
        return { ...refuse(STEP_UP_TEXT), [STEP_UP_ANSWER]: verdict.challenge };
      }
      if (!verdict.allowed) {
        const why = verdict.reasons.includes('rate_limited')
          ? 'Too many requests. Please wait a minute.'
          : 'We could not tell that you are a person.';
        return refuse(why);
      }
    }
    const data = await revealWithin(request, encoded);
    const decoded = data.filter((item) => item.is_allowed).map((item) => shown(item.decoded_email));
    if (decoded.length > 0 && !request.user) grantContactPass(app.shield.keys, request, reply, decoded);
    return { success: true, data };
  } catch (error) {
    request.log.error({ err: error }, 'decoding contacts failed');
    return refuse('The check could not be completed.', false);
  }
}
