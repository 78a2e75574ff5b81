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
  /** *Waymark:* the automation tells the page found, as a list of `TELL` codes. */
  tells: 'ct_automation_tells',
  /** *Waymark:* how the page was used, summarised (`BEHAVIOUR` keys), never the raw events. */
  behaviour: 'ct_behaviour',
  /** *Waymark:* the browser's first language (`navigator.language`), against the request's `Accept-Language`. */
  language: 'ct_language',
} as const;

/** *Waymark:* the page layer's automation tells (BotD's sound ones), each a reason of its own. */
export const TELL = {
  headlessUa: 'hua',
  brands: 'brd',
  softwareGl: 'sgl',
  window: 'win',
  permissions: 'prm',
  chrome: 'chr',
  cdp: 'cdp',
  untrusted: 'unt',
  /** *Waymark:* a worker of the page reports another browser than the page does. */
  worker: 'wrk',
} as const;
export type TellCode = (typeof TELL)[keyof typeof TELL];

/**
 * *Waymark:* the behaviour summary's keys. Each statistic is `[count, mean, standard deviation]`;
 * counts are plain numbers.
 */
export const BEHAVIOUR = {
  /** Key hold times (keydown to keyup), ms. */
  keyHold: 'kh',
  /** Gaps between keydowns in one field and one burst (a pause of a second or more ends it), ms. */
  keyGap: 'kg',
  /** Pointer speed between samples, px/ms. */
  speed: 'ps',
  /** Absolute turn between pointer segments, radians. */
  turn: 'pt',
  /**
   * Per pointer stroke (moves between pauses or presses, long enough to say), how much longer
   * the path was than the straight line between its ends: path / chord − 1.
   */
  straightness: 'st',
  /** Capital letters typed with neither Shift nor Caps Lock: a script's key events, not a keyboard's. */
  shiftless: 'sl',
  /** Mouse presses, and those the pointer approached first (three moves or more since the last press, ending where it presses). */
  mouseClicks: 'mc',
  approached: 'ma',
  /** Touch presses. */
  touches: 'tc',
  /** Fields focused after a press, after Tab, and without either (a screen reader, a script). */
  focusPointer: 'fp',
  focusTab: 'ft',
  focusOther: 'fo',
  pastes: 'pa',
  /**
   * Mouse presses with no pressure (0 while a button is down), counted in Chromium on Windows and
   * Linux only: there a pressed mouse button reports 0.5, and a press made over the DevTools
   * protocol with no force says 0 (older Safari, and Firefox on a Mac for a tap-to-click, say 0).
   */
  pressless: 'np',
  /**
   * Approached presses that land on the centre of what they press (within a pixel, both ways): a
   * hand's aim scatters by several pixels, a script aims at the middle of the box it measured.
   */
  centred: 'cc',
  /**
   * Capitals typed with Shift held outside password fields, and those whose Shift went down with
   * the letter (within a few ms): a hand presses Shift first, a tool sends the chord at once.
   */
  shifted: 'sh',
  chorded: 'ch',
} as const;

/** *Waymark:* the step-up puzzle's algorithm: ALTCHA's challenge, each number PBKDF2-SHA-256. */
export const POW_ALGORITHM = 'PBKDF2-SHA-256';
/** *Waymark:* the form field that carries a solved step-up puzzle (base64 of the solution's JSON). */
export const STEP_UP_FIELD = 'waymark_pow';
/** *Waymark:* what a step-up answer says, to a page script that cannot solve the puzzle too. */
export const STEP_UP_TEXT =
  'One more moment: your browser is finishing a short check. If this message stays, please send the form again.';
/**
 * *Waymark:* a step-up answer carries the puzzle under this name, beside the block answer
 * (`{"apbct":{"blocked":true,"comment":"…","stop_script":0},"waymark_step_up":{…}}`), so the
 * original page script, which knows no puzzle, shows the comment as it shows any block message.
 */
export const STEP_UP_ANSWER = 'waymark_step_up';
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
  /** *Waymark:* a business owner's claim of an item (issue 14). */
  'claim',
  /** *Waymark:* an anonymous upvote, judged like the decoder's call. */
  'vote',
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
  tell_headless_ua: 'The user agent names a headless browser.',
  tell_brands: "The browser's brands (userAgentData) disagree with its user agent.",
  tell_software_gl: 'WebGL draws with a software renderer (SwiftShader, llvmpipe).',
  tell_window: 'The window has no outer size, or a screen smaller than the page.',
  tell_permissions: 'Notifications are denied while the permission is still to be asked.',
  tell_chrome: 'A Chrome user agent without the window.chrome object.',
  tell_cdp: 'An automation protocol is attached to the page (it read an error the page logged).',
  tell_untrusted: 'Events were made by a script, not by the browser.',
  tell_worker:
    'A Web Worker of the page sees another browser than the page (user agent, languages, platform, cores or WebGL): a script patched what the page reads.',
  hints_mismatch: 'The client hints (Sec-CH-UA) disagree with the user agent.',
  headers_inconsistent: 'The request lacks headers every browser of its user agent sends.',
  languages_mismatch:
    'The first language the request asks for (Accept-Language) is not the one the page reads (navigator.language): one of them was set by hand.',
  timezone_mismatch:
    "The page's clock keeps a time zone that the country of the client address (from the site's own country file) does not.",
  typing_uniform: 'The gaps between keys hardly vary: typing at a fixed delay.',
  key_hold_robotic: 'Keys were let go almost as soon as pressed, every time.',
  pointer_synthetic: 'The pointer moved in straight lines at a steady speed.',
  click_without_approach: 'Clicks came without the pointer moving towards them.',
  focus_without_cause: 'Fields were focused without a press or Tab.',
  key_without_shift: 'Capital letters were typed with neither Shift nor Caps Lock: key events a script made.',
  click_centred:
    'Every click the pointer moved to landed on the exact centre of what it pressed: a script aiming at the box it measured.',
  press_without_pressure:
    'The mouse button was pressed with no pressure: a press sent over the DevTools protocol (a mouse reports 0.5).',
  shift_chorded:
    'The capitals came with their Shift pressed at the same moment: a tool sending Shift and the letter as one chord (a hand presses Shift first).',
  links_first_post: 'Links from a sender with no earlier post here that went through: held for a look.',
  blocked_link_domain: 'A link points to a blocked domain.',
  content_duplicate: 'The text is a near copy of a recent post, from any sender.',
  content_spam: 'The content judge, taught by this site’s decisions, reads the text as spam.',
  typing_mismatch: 'A field holds far more characters than keys were typed into it, with no paste or autofill.',
  behaviour_replayed: 'The behaviour summary is the same as, or within a hair of, one that came before.',
  trusted_address: 'The client address is on the shield’s allow list: judged and logged, and passed.',
  trusted_visitor: 'An administrator called an earlier post of this visitor not spam: judged and logged, and passed.',
  step_up: 'The visitor was asked to pay the step-up puzzle first (its size follows doubt and volume).',
  held: 'Still in doubt after any puzzle, or past what work can pay for: held for a person (a moderator, or the form’s human challenge).',
  step_up_solved: 'The step-up puzzle was solved for this visitor and page.',
  step_up_failed: 'The step-up puzzle was answered wrongly, or for another visitor, page or token.',
  step_up_expired: 'The step-up puzzle was answered after its challenge expired.',
  step_up_replayed: 'The step-up puzzle’s answer was used before.',
} as const;
export type SpamReason = keyof typeof SPAM_REASONS;

/** A reason's sentence for the administrators' screens; a reason this build does not know, as it is. */
export const spamReasonSentence = (reason: string): string =>
  (SPAM_REASONS as Record<string, string>)[reason] ?? reason;

/** A verdict's score at or above this blocks. */
export const BLOCK_SCORE = 100;
/** *Waymark:* a score at or above this (and under the block score) asks for more: the step-up. */
export const STEP_UP_SCORE = 40;
/**
 * *Waymark:* every protected form's one fate: pass, step up (the page pays a puzzle), hold (a
 * person must look: a moderator, or the form's human challenge), or block.
 */
export type Fate = 'pass' | 'step-up' | 'hold' | 'block';

/**
 * *Waymark:* what a visitor reads when a form that no moderator reads, and that has no human
 * challenge to ask, cannot take a submission the shield still doubts.
 */
export const HELD_TEXT =
  'We could not be sure that this came from a person, so it was not sent. Please try again later, or write to us another way.';

/** *Waymark:* the standalone page script's stable address. */
export const SHIELD_SCRIPT_PATH = '/waymark/shield.js';
/**
 * *Waymark:* what the standalone script fetches beside itself only where needed (the e-mail
 * checks a site turns on, the administrators' honeypot toggle), to keep itself small.
 */
export const SHIELD_EXTRAS_PATH = '/waymark/shield-extras.js';
/** *Waymark's* bot-detector script for pages that load the original page script (PROTOCOL.md section 3). */
export const BOT_DETECTOR_SCRIPT_PATH = '/waymark/bot-detector.js';
/** *Waymark:* the pixel route. */
export const PIXEL_PATH = '/waymark/pixel.gif';
