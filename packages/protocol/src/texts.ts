/**
 * Default texts of the page layer's popups. No zod here: the client bundle and the standalone
 * page script import them through `@waymark/protocol/plain`.
 */

/** The decoder popup's default English texts (PROTOCOL.md section 2); a site may configure its own. */
export const DEFAULT_DECODER_TEXTS = {
  text__ee_click_to_select: 'Click to select the whole data',
  text__ee_original_email: 'The complete one is',
  text__ee_got_it: 'Got it',
  text__ee_blocked: 'Blocked',
  text__ee_cannot_connect: 'Cannot connect',
  text__ee_cannot_decode: 'Can not decode email. Unknown reason',
  text__ee_email_decoder: 'Waymark email decoder',
  text__ee_wait_for_decoding: 'The magic is on the way!',
  text__ee_decoding_process: 'Please wait a few seconds while we decode the contact data.',
} as const satisfies Record<string, string>;
export type DecoderTextKey = keyof typeof DEFAULT_DECODER_TEXTS;

/** The real-person badge's default texts, in our own words; the shield settings may replace them. */
export const DEFAULT_REAL_PERSON_TEXTS = {
  heading: 'The Real Person!',
  content1: "Author's verdict: a real person, not a bot.",
  content2: "Passed the site's spam shield without a puzzle.",
  learnMore: 'Learn more',
} as const;

/** Where the badge's learn-more link leads: the site's own page about the spam shield. */
export const SPAM_SHIELD_ABOUT_PATH = '/about/spam-shield';
/** The badge's two pictures, served by the Waymark server itself. */
export const REAL_PERSON_IMAGES = {
  person: '/shield/real-person.svg',
  shield: '/shield/real-person-shield.svg',
} as const;
