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

export const accountCalls = [contactCaptchaChange] as const;
