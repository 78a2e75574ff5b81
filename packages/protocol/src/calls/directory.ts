import { z } from 'zod';
import { flagField, idField, jsonField, text } from '../fields.js';
import { NONCE_ACTIONS } from '../transport.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/** PROTOCOL.md section 5. */

const securityNonce = { field: 'security', action: NONCE_ACTIONS.directory };

export const upvoteAnswer = z.object({
  votes: z.number().int().nonnegative(),
  vote_status: z.enum(['success', 'failed']),
  cookies: z.string(),
});

export const upvote = defineCall({
  name: CALLS.upvote.action,
  description: 'One vote per visitor per item.',
  access: 'public',
  ajax: {
    action: CALLS.upvote.action,
    answer: 'json',
    // The page reads `vote_status`, so a stale nonce is a failed vote, not a bare -1.
    nonce: { ...securityNonce, onFail: { status: 200, body: { votes: 0, vote_status: 'failed', cookies: '' } } },
  },
  request: z.object({
    post_id: idField,
    meta_title: text(500).optional(),
    meta_link: text(2_000).optional(),
    li_id: text(200).optional(),
    uniqueid: text(200).optional(),
  }),
  response: upvoteAnswer,
});

const bookmarkRequest = z.object({
  post_id: idField,
  item_code: text(200),
  // *Waymark:* the user is always the session's user; this field is read and ignored.
  userid: text(50).optional(),
});

export const bookmarkInsert = defineCall({
  name: CALLS.bookmarkInsert.action,
  description: "Add an item to the signed-in user's favourites.",
  access: 'user',
  ajax: { action: CALLS.bookmarkInsert.action, answer: 'json' },
  request: bookmarkRequest,
  response: z.object({ success: z.boolean() }),
});

export const bookmarkRemove = defineCall({
  name: CALLS.bookmarkRemove.action,
  description: "Remove an item from the signed-in user's favourites.",
  access: 'user',
  ajax: { action: CALLS.bookmarkRemove.action, answer: 'json' },
  request: bookmarkRequest,
  response: z.object({ success: z.boolean() }),
});

export const loadLongDescription = defineCall({
  name: CALLS.loadLongDescription.action,
  description: 'The HTML of the item popup.',
  access: 'public',
  ajax: { action: CALLS.loadLongDescription.action, answer: 'html' },
  request: z.object({
    post_id: idField,
    meta_title: text(500).optional(),
    meta_link: text(2_000).optional(),
    popup_map: flagField.optional(),
    upvote: flagField.optional(),
    mailto: flagField.optional(),
  }),
  response: z.string(),
});

export const visitorEmail = z.object({
  name: z.string().max(200),
  email: z.string().max(320),
  to: z.string().max(4_096),
  subject: z.string().max(500),
  message: z.string().max(20_000),
  sbd_email_title: z.string().max(500).optional(),
  sbd_email_subtitle: z.string().max(500).optional(),
  captcha: z.string().max(100).optional(),
  ccaptcha: z.string().max(2_000).optional(),
  recaptcha: z.string().max(4_096).optional(),
  /**
   * *Waymark:* `"1"` when the sender chose confirmation by e-mail over the captcha picture: the
   * message waits until the sender opens the link mailed to `email`.
   */
  confirm_by_email: z.string().max(1).optional(),
});

export const sendVisitorsEmail = defineCall({
  name: CALLS.sendVisitorsEmail.action,
  description: "Send an item's owner a message through the site.",
  access: 'public',
  ajax: { action: CALLS.sendVisitorsEmail.action, answer: 'json', nonce: securityNonce },
  // *Waymark:* `post_id` names the item; the owner's address is looked up from it, never from `to`.
  request: z.object({ data: jsonField(visitorEmail), post_id: idField.optional() }),
  response: z.object({ status: z.boolean(), message: z.string() }),
});

export const captchaAnswer = z.object({ url: z.string(), code: z.string() });

/** *Waymark:* the specification names these calls only by what they do; these are their actions. */
export const registerCaptchaChange = defineCall({
  name: CALLS.registerCaptchaChange.action,
  description: 'A new captcha image for the registration form.',
  access: 'public',
  ajax: { action: CALLS.registerCaptchaChange.action, answer: 'json' },
  request: z.object({}),
  response: captchaAnswer,
});

export const loginCaptchaChange = defineCall({
  name: CALLS.loginCaptchaChange.action,
  description: 'A new captcha image for the sign-in form.',
  access: 'public',
  ajax: { action: CALLS.loginCaptchaChange.action, answer: 'json' },
  request: z.object({}),
  response: captchaAnswer,
});

export const categoryFilter = defineCall({
  name: CALLS.categoryFilter.action,
  description: 'Admin: the item list of one category, as HTML.',
  access: 'staff',
  ajax: { action: CALLS.categoryFilter.action, answer: 'html' },
  request: z.object({ cat: text(200) }),
  response: z.string(),
});

export const showListItem = defineCall({
  name: CALLS.showListItem.action,
  description: "Admin: a list's items, as HTML.",
  access: 'staff',
  ajax: { action: CALLS.showListItem.action, answer: 'html' },
  request: z.object({ listid: idField }),
  response: z.string(),
});

export const generateText = defineCall({
  name: CALLS.generateText.action,
  description: "Admin: a page's title and meta description, to fill an item's title and subtitle.",
  access: 'staff',
  ajax: { action: CALLS.generateText.action, answer: 'json' },
  request: z.object({ url: z.string().max(2_000) }),
  response: z.object({ title: z.string(), description: z.string() }),
});

export const directoryCalls = [
  upvote,
  bookmarkInsert,
  bookmarkRemove,
  loadLongDescription,
  sendVisitorsEmail,
  registerCaptchaChange,
  loginCaptchaChange,
  categoryFilter,
  showListItem,
  generateText,
] as const;
