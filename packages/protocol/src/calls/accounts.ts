import { z } from 'zod';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';
import { captchaAnswer } from './directory.js';

/** *Waymark:* the contact-owner popup's captcha, made like the register and login ones. */
export const contactCaptchaChange = defineCall({
  name: CALLS.contactCaptchaChange.action,
  description: 'A new captcha image for the contact-owner form.',
  access: 'public',
  ajax: { action: CALLS.contactCaptchaChange.action, answer: 'json' },
  request: z.object({}),
  response: captchaAnswer,
});

/**
 * *Waymark:* what the page needs for its bookmark stars: the signed-in user's bookmarked items
 * (none for a visitor), and for a visitor the configured sign-in message and where to sign in.
 */
export const bookmarkState = defineCall({
  name: CALLS.bookmarkState.action,
  description: "The signed-in user's bookmarked items, or what a visitor is told.",
  access: 'public',
  ajax: { action: CALLS.bookmarkState.action, answer: 'json' },
  request: z.object({}),
  response: z.object({
    signedIn: z.boolean(),
    ids: z.array(z.number().int()),
    loginText: z.string(),
    loginUrl: z.string(),
  }),
});

export const accountCalls = [contactCaptchaChange, bookmarkState] as const;
