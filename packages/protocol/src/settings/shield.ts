import { z } from 'zod';
import { AJAX_TYPES, COOKIE_TYPES } from '../constants.js';
import { DEFAULT_REAL_PERSON_TEXTS } from '../texts.js';
import { defineSetting } from './define.js';

/**
 * The spam shield's settings object. The defaults protect the demo site: signals kept in the
 * browser's storage with the no-cookie field, the bot detector on, the honeypot on every
 * protected form, and the verdict engine's time and rate limits.
 */

const IPV4_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/(3[0-2]|[12]?\d))?$/;
const IPV6_CIDR = /^[0-9a-f:]+(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;
/** A list of client addresses or CIDR ranges, IPv4 or IPv6. */
const addressRanges = z
  .array(
    z
      .string()
      .trim()
      .refine((v) => IPV4_CIDR.test(v) || IPV6_CIDR.test(v), 'an IP address or CIDR range'),
  )
  .max(1_000)
  .default([]);

const badgeText = (max: number) => z.string().trim().min(1).max(max);

export const shieldSettings = defineSetting(
  'shield',
  z.object({
    /** Where the page keeps its signals (spec section 4, "Cookie type"). */
    cookieType: z.enum(COOKIE_TYPES).default('none'),
    ajaxType: z.enum(AJAX_TYPES).default('rest'),
    botDetector: z.boolean().default(true),
    /** 0 off, 1 drawn by the server, 2 drawn by the script, 3 automatic (none with the bot detector on). */
    pixel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(3),
    /** Send the bot detector's log with forms. */
    frontendDataLog: z.boolean().default(false),
    /** For the e-mail checks (issue 4). */
    emailCheckBeforePost: z.boolean().default(true),
    emailCheckExistPost: z.boolean().default(false),
    /** Judge the site's search form too. */
    searchTest: z.boolean().default(false),
    antiCrawler: z.boolean().default(false),
    checkInternal: z.boolean().default(false),
    checkExternal: z.boolean().default(false),
    forceProtection: z.boolean().default(false),
    wcAddToCart: z.boolean().default(true),
    /** A protected submission without the visible-fields data counts against it. */
    visibleFieldsRequired: z.boolean().default(true),
    /** The name of the honeypot's hidden field. */
    honeypotFieldName: z
      .string()
      .regex(/^[a-z][a-z0-9_]{2,39}$/, 'a letter, then 2 to 39 lowercase letters, digits or underscores')
      .default('wm_form_key'),
    blockedEmailDomains: z.array(z.string().trim().toLowerCase().min(3).max(253)).max(1_000).default([]),
    blockedIpRanges: addressRanges,
    /**
     * *Waymark:* addresses the shield trusts, as CleanTalk's personal allow list does: the site's
     * own monitoring and test tools. Their posts are judged and logged as ever, and pass doubt
     * and volume; a sign that blocks on its own (a filled honeypot, a replay) still blocks.
     */
    trustedIpRanges: addressRanges,
    blockedWords: z.array(z.string().trim().toLowerCase().min(2).max(100)).max(1_000).default([]),
    /** Below this many seconds from page-set to submit a submission counts as quick. */
    minSecondsToSubmit: z.number().min(1).max(60).default(3),
    /** Protected submissions one client may make per form per minute. */
    maxSubmissionsPerMinute: z.number().int().min(1).max(1_000).default(20),
    /**
     * Posts to one form one sender (visitor, address, a tenth of its network) makes in an hour at
     * no price unless doubted; each further one costs a dearer puzzle, and past three more a
     * moderator's look or the form's captcha.
     */
    freePostsPerHour: z.number().int().min(0).max(10_000).default(2),
    /** Distinct contacts one visitor, and one address, may decode in an hour: a person's share. */
    contactRevealsPerHour: z.number().int().min(1).max(1_000).default(30),
    spamLogRetentionDays: z.number().int().min(1).max(365).default(30),
    /** Forms the page layer leaves alone: CSS selectors. */
    formsExcluded: z.array(z.string().max(200)).max(100).default([]),
    blockMessage: z
      .string()
      .min(1)
      .max(500)
      .default(
        'Your submission looks automated, so it was not sent. If you are a person, please wait a few seconds and try again.',
      ),
    /** The real-person badge by the names of authors the shield judged a person, and its texts. */
    realPersonBadge: z.boolean().default(true),
    realPersonHeading: badgeText(80).default(DEFAULT_REAL_PERSON_TEXTS.heading),
    realPersonContent1: badgeText(300).default(DEFAULT_REAL_PERSON_TEXTS.content1),
    realPersonContent2: badgeText(300).default(DEFAULT_REAL_PERSON_TEXTS.content2),
    realPersonLearnMore: badgeText(80).default(DEFAULT_REAL_PERSON_TEXTS.learnMore),
  }),
);

export type ShieldSettings = z.output<(typeof shieldSettings)['schema']>;
