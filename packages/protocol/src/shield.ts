/**
 * The spam shield's names, shared by the page layer and the server. No zod here: the standalone
 * page script imports this file and must stay small.
 */

/** spec/antispam-decoder-honeypot-embed.md section 3, "Stored client data": the exact storage names. */
export const SIGNAL = {
  sessionId: 'apbct_session_id',
  pageHits: 'apbct_page_hits',
  siteReferer: 'apbct_site_referer',
  prevReferer: 'apbct_prev_referer',
  currentPage: 'apbct_session_current_page',
  pageSet: 'ct_ps_timestamp',
  firstKeyPress: 'ct_fkp_timestamp',
  pointer: 'ct_pointer_data',
  timezone: 'ct_timezone',
  screen: 'ct_screen_info',
  headless: 'apbct_headless',
  checkJs: 'ct_checkjs',
  mouseMoved: 'ct_mouse_moved',
  scrolled: 'ct_has_scrolled',
  inputFocused: 'ct_has_input_focused',
  keyUp: 'ct_has_key_up',
  cookiesType: 'ct_cookies_type',
  checkedEmails: 'ct_checked_emails',
  checkedEmailsExist: 'ct_checked_emails_exist',
  pixelUrl: 'apbct_pixel_url',
  eventToken: 'bot_detector_event_token',
  jsErrors: 'ct_js_errors',
  botDetectorLog: 'ct_bot_detector_frontend_data_log',
  visibleFields: 'apbct_visible_fields',
  /** *Waymark:* the specification lists typing data per comment field without a storage name. */
  typing: 'ct_typing_data',
  activity: 'collecting_user_activity_data',
  /** *Waymark:* the page's clock at submit, so the server measures page-set to submit on one clock. */
  submitTimestamp: 'ct_submit_timestamp',
  /** Set by the anti-crawler check. */
  antiCrawler: 'apbct_antibot',
} as const;
export type SignalName = (typeof SIGNAL)[keyof typeof SIGNAL];

/** Kept per browser tab (session storage in the `none` mode); the rest lives in local storage. */
export const SESSION_SIGNALS: readonly SignalName[] = [
  SIGNAL.sessionId,
  SIGNAL.pageHits,
  SIGNAL.siteReferer,
  SIGNAL.prevReferer,
  SIGNAL.currentPage,
];

/** The forms the verdict engine judges. */
export const PROTECTED_FORMS = [
  'review',
  'contact-owner',
  'registration',
  'sign-in',
  'checkout',
  'search',
  'suggest',
  /** *Waymark:* "Add your business", a pending listing until the shop takes payments. */
  'add-business',
  /** *Waymark:* the contact decoder's call, judged like a form though it has no fields. */
  'decode',
] as const;
export type ProtectedForm = (typeof PROTECTED_FORMS)[number];

/** Marks a form the page layer protects even where an exclusion rule would match (a login form). */
export const PROTECT_ATTRIBUTE = 'data-shield-protect';

/** Every reason the verdict engine can give, with the sentence the spam log shows. */
export const SPAM_REASONS = {
  honeypot_filled: 'The decoy field alt_s was filled in.',
  honeypot_missing: 'The honeypot fields were missing.',
  honeypot_forged: 'The honeypot value was not one this site issued, or it expired.',
  no_javascript: 'No sign that the page ran its script: no check-js key, token or signals.',
  checkjs_invalid: 'The check-js key was wrong or expired.',
  too_fast: 'Sent less than a second after the page was set.',
  quick: 'Sent sooner after the page was set than the configured minimum.',
  token_missing: 'No bot-detector event token.',
  token_invalid: 'The event token was forged or issued to another visitor.',
  token_expired: 'The event token expired.',
  token_replayed: 'The event token was used before.',
  no_interaction: 'No pointer, key, touch, scroll or focus at all.',
  headless: 'The browser reports that it is automated.',
  robotic_typing: 'Keys arrived faster than a person types.',
  visible_fields_missing: 'No visible-fields data for the form.',
  rate_limited: 'Too many submissions from this client in a minute.',
  blocked_ip: 'The client address is in a blocked range.',
  blocked_email_domain: 'An e-mail address uses a blocked domain.',
  blocked_word: 'The text contains a blocked word.',
  crawler: 'The anti-crawler check did not run.',
  signals_replayed: 'The page signals were used before by another client, or belong to no page of this site.',
  no_behaviour: 'No pointer path, typed keys or key press: only flags a script can set.',
} as const;
export type SpamReason = keyof typeof SPAM_REASONS;

/** A reason's sentence for the administrators' screens; a reason this build does not know, as it is. */
export const spamReasonSentence = (reason: string): string =>
  (SPAM_REASONS as Record<string, string>)[reason] ?? reason;

/** A verdict's score at or above this blocks. */
export const BLOCK_SCORE = 100;

/** *Waymark:* the standalone page script's stable address. */
export const SHIELD_SCRIPT_PATH = '/waymark/shield.js';
/** *Waymark's* bot-detector script for pages that load the original page script (PROTOCOL.md section 3). */
export const BOT_DETECTOR_SCRIPT_PATH = '/waymark/bot-detector.js';
/** *Waymark:* the pixel route. */
export const PIXEL_PATH = '/waymark/pixel.gif';
