import { z } from 'zod';
import { flagField, idField, jsonField, text } from '../fields.js';
import { NONCE_ACTIONS } from '../transport.js';
import { defineCall } from './define.js';

/** PROTOCOL.md section 5. */

const securityNonce = { field: 'security', action: NONCE_ACTIONS.directory };

export const upvoteAnswer = z.object({
  votes: z.number().int().nonnegative(),
  vote_status: z.enum(['success', 'failed']),
  cookies: z.string(),
});

export const upvote = defineCall({
  name: 'qcpd_upvote_action',
  description: 'One vote per visitor per item.',
  access: 'public',
  ajax: {
    action: 'qcpd_upvote_action',
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
  name: 'qcpd_bookmark_insert_action',
  description: "Add an item to the signed-in user's favourites.",
  access: 'user',
  ajax: { action: 'qcpd_bookmark_insert_action', answer: 'json' },
  request: bookmarkRequest,
  response: z.object({ success: z.boolean() }),
});

export const bookmarkRemove = defineCall({
  name: 'qcpd_bookmark_remove_action',
  description: "Remove an item from the signed-in user's favourites.",
  access: 'user',
  ajax: { action: 'qcpd_bookmark_remove_action', answer: 'json' },
  request: bookmarkRequest,
  response: z.object({ success: z.boolean() }),
});

export const loadLongDescription = defineCall({
  name: 'qcpd_load_long_description',
  description: 'The HTML of the item popup.',
  access: 'public',
  ajax: { action: 'qcpd_load_long_description', answer: 'html' },
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
});

export const sendVisitorsEmail = defineCall({
  name: 'qcld_pd_send_visitors_email',
  description: "Send an item's owner a message through the site.",
  access: 'public',
  ajax: { action: 'qcld_pd_send_visitors_email', answer: 'json', nonce: securityNonce },
  request: z.object({ data: jsonField(visitorEmail) }),
  response: z.object({ status: z.boolean(), message: z.string() }),
});

export const captchaAnswer = z.object({ url: z.string(), code: z.string() });

/** *Waymark:* the specification names these calls only by what they do; these are their actions. */
export const registerCaptchaChange = defineCall({
  name: 'qcld_sbd_register_captcha_change',
  description: 'A new captcha image for the registration form.',
  access: 'public',
  ajax: { action: 'qcld_sbd_register_captcha_change', answer: 'json' },
  request: z.object({}),
  response: captchaAnswer,
});

export const loginCaptchaChange = defineCall({
  name: 'qcld_sbd_login_captcha_change',
  description: 'A new captcha image for the sign-in form.',
  access: 'public',
  ajax: { action: 'qcld_sbd_login_captcha_change', answer: 'json' },
  request: z.object({}),
  response: captchaAnswer,
});

export const categoryFilter = defineCall({
  name: 'qcld_pd_category_filter',
  description: 'Admin: the item list of one category, as HTML.',
  access: 'admin',
  ajax: { action: 'qcld_pd_category_filter', answer: 'html' },
  request: z.object({ cat: text(200) }),
  response: z.string(),
});

export const showListItem = defineCall({
  name: 'qcld_sbd_show_list_item',
  description: "Admin: a list's items, as HTML.",
  access: 'admin',
  ajax: { action: 'qcld_sbd_show_list_item', answer: 'html' },
  request: z.object({ listid: idField }),
  response: z.string(),
});

export const generateText = defineCall({
  name: 'qcpd_generate_text',
  description: "Admin: a page's title and meta description, to fill an item's title and subtitle.",
  access: 'admin',
  ajax: { action: 'qcpd_generate_text', answer: 'json' },
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
