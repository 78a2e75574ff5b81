import { z } from 'zod';
import { jsonField, text } from '../fields.js';
import { POW_ALGORITHM, STEP_UP_ANSWER, STEP_UP_FIELD } from '../shield.js';
import { NONCE_ACTIONS } from '../transport.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/** PROTOCOL.md section 3. */

const ajaxNonce = { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax };

export const decodeResultItem = z.object({
  is_allowed: z.boolean(),
  show_comment: z.boolean(),
  comment: z.string(),
  encoded_email: z.string(),
  decoded_email: z.string(),
});
export type DecodeResultItem = z.infer<typeof decodeResultItem>;

/** The step-up puzzle of a doubted call (ALTCHA's challenge, with PBKDF2's cost per number). */
export const stepUpChallenge = z.object({
  algorithm: z.literal(POW_ALGORITHM),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  cost: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});

export const decodeEmail = defineCall({
  name: CALLS.decodeEmail.action,
  description: 'Reveal encoded e-mail addresses and phone numbers to a person.',
  access: 'public',
  ajax: { action: CALLS.decodeEmail.action, answer: 'json', nonce: ajaxNonce },
  rest: { route: CALLS.decodeEmail.route, answer: 'json' },
  request: z.object({
    post_url: text().optional(),
    referrer: text().optional(),
    encodedEmails: jsonField(z.record(z.string(), z.string().max(4_096))),
    event_token: z.string().max(128).optional(),
    event_javascript_data: z.string().max(65_536).optional(),
    /** *Waymark:* the answer to the puzzle a doubted call was asked (base64 of its JSON). */
    [STEP_UP_FIELD]: z.string().max(2_000).optional(),
  }),
  response: z.object({
    success: z.boolean(),
    data: z.union([z.array(decodeResultItem), z.literal(false)]),
    /** *Waymark:* a doubted call's puzzle; the page solves it and sends the call again. */
    [STEP_UP_ANSWER]: stepUpChallenge.optional(),
  }),
});

/** Cookies as an object of name to value, or as a list of [name, value] pairs. */
const cookieJar = z.union([
  z.record(z.string(), z.unknown()),
  z.array(z.tuple([z.string(), z.unknown()])).transform((pairs) => Object.fromEntries(pairs)),
]);

export const altSessions = defineCall({
  name: CALLS.altSessions.action,
  description: 'Keep the shield signals on the server when cookies are alternative.',
  access: 'public',
  ajax: { action: CALLS.altSessions.action, answer: 'json', nonce: ajaxNonce },
  rest: { route: CALLS.altSessions.route, answer: 'json' },
  request: z.object({ cookies: jsonField(cookieJar).optional() }),
  response: z.union([
    z.object({ success: z.literal(true) }),
    z.object({ success: z.literal(false), error: z.string() }),
  ]),
});

export const getPixelUrl = defineCall({
  name: CALLS.pixelUrl.action,
  description: "The URL of the site's tracking pixel.",
  access: 'public',
  ajax: { action: CALLS.pixelUrl.action, answer: 'text', nonce: ajaxNonce },
  rest: { route: CALLS.pixelUrl.route, answer: 'json' },
  request: z.object({}),
  response: z.string(),
});

export const EMAIL_CHECK_RESULTS = ['EXISTS', 'NOT_EXISTS', 'MX_FAIL', 'MX_ERROR'] as const;

export const emailCheckBeforePost = defineCall({
  name: CALLS.emailCheckBeforePost.action,
  description: 'Check an e-mail address typed into a form before the form is sent.',
  access: 'public',
  ajax: { action: CALLS.emailCheckBeforePost.action, answer: 'json', nonce: ajaxNonce },
  rest: { route: CALLS.emailCheckBeforePost.route, answer: 'json' },
  request: z.object({ email: z.string().max(320).optional() }),
  response: z.union([
    z.object({ result: z.record(z.string(), z.object({ result: z.enum(EMAIL_CHECK_RESULTS) })) }),
    z.object({ error: z.enum(['EMPTY_DATA', 'ERROR_CHECKING_EMAIL']) }),
  ]),
});

export const emailCheckExistPost = defineCall({
  name: CALLS.emailCheckExistPost.action,
  description: 'Whether an e-mail address exists, with a sentence for the hover text.',
  access: 'public',
  ajax: { action: CALLS.emailCheckExistPost.action, answer: 'json', nonce: ajaxNonce },
  rest: { route: CALLS.emailCheckExistPost.route, answer: 'json' },
  request: z.object({ email: z.string().max(320).optional() }),
  response: z.union([
    z.object({ result: z.object({ result: z.string(), text_result: z.string() }) }),
    z.object({ error: z.string() }),
  ]),
});

export const getOptionsTemplate = defineCall({
  name: CALLS.optionsTemplate.action,
  description: "The list-embed modal's content.",
  access: 'admin',
  ajax: { action: CALLS.optionsTemplate.action, answer: 'text' },
  request: z.object({}),
  response: z.string(),
});

/**
 * *Waymark:* the bot detector. The page reports its signals and gets a 64-hex event token bound
 * to the visitor, which a protected submission carries once; no third party is involved.
 */
export const botDetector = defineCall({
  name: CALLS.botDetector.action,
  description: 'Issue a one-time event token for the signals the page reports.',
  access: 'public',
  ajax: { action: CALLS.botDetector.action, answer: 'json', nonce: ajaxNonce },
  rest: { route: CALLS.botDetector.route, answer: 'json' },
  request: z.object({ event_javascript_data: z.string().max(65_536).optional() }),
  response: z.object({ event_token: z.string().regex(/^[0-9a-f]{64}$/) }),
});

/** The block answer to a protected ajax form (PROTOCOL.md section 3). */
export const blockAnswer = z.object({
  apbct: z.object({
    blocked: z.literal(true),
    comment: z.string(),
    stop_script: z.union([z.literal(0), z.literal(1)]),
  }),
});
export type BlockAnswer = z.infer<typeof blockAnswer>;

export const antispamCalls = [
  decodeEmail,
  altSessions,
  getPixelUrl,
  emailCheckBeforePost,
  emailCheckExistPost,
  getOptionsTemplate,
  botDetector,
] as const;
