import { z } from 'zod';
import { optionalEmail } from '../fields.js';
import { NONCE_ACTIONS } from '../transport.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/** Empty text stays empty; anything else must be an http(s) address. */
const website = z
  .string()
  .trim()
  .max(2_000)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
    'must be an http:// or https:// address',
  )
  .default('');

/** The fields of a suggestion, as the form and the call send them. */
export const suggestionFields = z.object({
  name: z.string().trim().min(1, 'please provide the name').max(200),
  address: z.string().trim().min(1, 'please provide the address').max(500),
  website,
  email: optionalEmail,
  note: z.string().trim().max(2_000).default(''),
});
export type SuggestionFields = z.output<typeof suggestionFields>;

/**
 * *Waymark:* a visitor proposes a place for the directory. Judged by the spam shield; a blocked
 * submission gets the block answer of PROTOCOL.md section 3 instead of this call's answer.
 */
export const suggestItem = defineCall({
  name: CALLS.suggestItem.action,
  description: 'Propose a business for the directory.',
  access: 'public',
  ajax: {
    action: CALLS.suggestItem.action,
    answer: 'json',
    nonce: { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax },
  },
  request: suggestionFields,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const suggestCalls = [suggestItem] as const;
