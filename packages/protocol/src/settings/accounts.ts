import { z } from 'zod';
import { defineSetting, type SettingValue } from './define.js';

/**
 * When a form asks for the captcha: `always` (the specification's behaviour), `when-in-doubt`
 * (only when the spam shield is not sure the visitor is a person: the default, so a person meets
 * no picture and a doubted post meets the specification's captcha and reload link) or `off`.
 */
export const CAPTCHA_MODES = ['always', 'when-in-doubt', 'off'] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];
const captchaMode = z.enum(CAPTCHA_MODES).default('when-in-doubt');

/** *Waymark:* visitor accounts, bookmarks and the contact-owner form. */
export const accountsSettings = defineSetting(
  'accounts',
  z.object({
    captcha: z
      .object({ registration: captchaMode, signIn: captchaMode, contactOwner: captchaMode })
      .default({ registration: 'when-in-doubt', signIn: 'when-in-doubt', contactOwner: 'when-in-doubt' }),
    /** Messages one item's owner receives in a day (Business Directory Plugin's per-listing limit). */
    contactPerItemPerDay: z.number().int().min(1).max(10_000).default(20),
    /** Messages one sender's e-mail address may send in a day (its per-user limit). */
    contactPerSenderPerDay: z.number().int().min(1).max(10_000).default(10),
    /** Messages one client address may send in an hour. */
    contactPerAddressPerHour: z.number().int().min(1).max(10_000).default(10),
    /** Shown to a visitor who is not signed in and tries to bookmark. */
    bookmarkLoginText: z.string().max(500).default('You need to log in to add items to your favorite list.'),
    /** The shortest password a new account may choose. */
    passwordMinLength: z.number().int().min(8).max(200).default(10),
  }),
);

export type AccountsSettings = SettingValue<typeof accountsSettings>;
