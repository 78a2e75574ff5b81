import { z } from 'zod';
import { optionalEmail } from '../fields.js';
import { REVIEW_LIMITS, REVIEW_SUBJECT } from '../reviews.js';
import { NONCE_ACTIONS } from '../transport.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/** The fields of a review or comment, as the form and the call send them. */
export const reviewFields = z.object({
  subject: z.string().regex(REVIEW_SUBJECT, 'must name an item or a page'),
  author: z.string().trim().min(1, 'please give your name').max(REVIEW_LIMITS.author),
  email: optionalEmail,
  body: z.string().trim().min(1, 'please write something').max(REVIEW_LIMITS.body),
});
export type ReviewFields = z.output<typeof reviewFields>;

/**
 * *Waymark:* a visitor reviews an item or comments on a page. Judged by the spam shield: a
 * blocked submission gets the block answer of PROTOCOL.md section 3 (and is kept as spam for
 * the administrators); a doubtful one is held; a clean one is published.
 */
export const postReview = defineCall({
  name: CALLS.postReview.action,
  description: 'Review a directory item or comment on a page.',
  access: 'public',
  ajax: {
    action: CALLS.postReview.action,
    answer: 'json',
    nonce: { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax },
  },
  request: reviewFields,
  response: z.object({
    success: z.literal(true),
    status: z.enum(['published', 'held']),
    message: z.string(),
    /** A published one as the page shows it (contacts in it encoded), so it appears at once. */
    review: z
      .object({
        id: z.number().int(),
        author: z.string(),
        bodyHtml: z.string(),
        at: z.string(),
        realPerson: z.boolean(),
      })
      .optional(),
  }),
});

export const reviewCalls = [postReview] as const;
