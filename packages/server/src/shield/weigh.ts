import { overRate } from './rates.js';
import { BLOCK_SCORE, STEP_UP_SCORE, type Fate, type ProtectedForm, type SpamReason } from '@waymark/protocol';
import { paidPrice, priceOf, type Price } from './price.js';

/**
 * The verdict engine's scale. Each reason adds its weight; a score of 100 or more blocks, one of
 * 40 or more is a doubt. No single soft sign blocks: an automation tell, a quick submit or a
 * missing token only add up. What a submission pays follows doubt and volume (`priceOf`): a
 * puzzle of a size, or a person. A paid puzzle proves work, not a person: doubt about automation
 * outlives it, and a submission still in doubt after paying is held for a person to look at.
 * Human evidence is any pointer, key, touch, scroll, focus, paste or autofill, so people who use
 * only a keyboard, a password manager or a touch screen show some.
 */

export interface Evidence {
  honeypot: 'ok' | 'filled' | 'missing' | 'forged';
  /** Page-set to submit in ms: the shorter of the server's and the page's own measure, or null. */
  elapsedMs: number | null;
  /** Any sign that the page's script ran: the check-js key, a token, or signals. */
  javascript: boolean;
  checkJs: 'ok' | 'bad' | 'absent';
  /** The signals' page (its check-js key) was brought by another visitor first. */
  signalsReplayed: boolean;
  token: 'ok' | 'missing' | 'invalid' | 'expired' | 'replayed';
  interacted: boolean;
  headless: boolean;
  /** Mean ms between keys over fields with enough keys, or null. */
  typingIntervalMs: number | null;
  visibleFields: boolean;
  /** This address's submissions to this form in the last minute (sliding), this one included. */
  rate: number;
  /** The same for the address's network (/24 or /56), allowed `NETWORK_FACTOR` times more. */
  networkRate: number;
  blocked: { ip: boolean; emailDomain: boolean; word: boolean };
  /** Whether the anti-crawler check ran; null where it does not apply. */
  crawlerChecked: boolean | null;
  /** Reasons found elsewhere (automation tells, request headers, behaviour), already named. */
  found: SpamReason[];
  /** The step-up puzzle's answer, when the submission carries one (`failed`: wrong or bound elsewhere). */
  stepUp: 'none' | 'ok' | 'failed' | 'expired' | 'replayed';
  /** The client address is on the allow list: logged, and passed unless a sign blocks on its own. */
  trusted: boolean;
  /** An administrator called this visitor's earlier post not spam: trusted the same way. */
  trustedVisitor?: boolean;
  /** The numbers of the puzzle the answer solved: the price paid (0 without an answer). */
  paid: number;
  /** This sender's posts to this form in the last hour, this one included (`countPosts`). */
  posts: number;
}

export interface Policy {
  form: ProtectedForm;
  botDetector: boolean;
  visibleFieldsRequired: boolean;
  minSecondsToSubmit: number;
  maxSubmissionsPerMinute: number;
  freePostsPerHour: number;
}

export interface Verdict {
  /** Not blocked: `fate` says whether it passed or must step up first. */
  allowed: boolean;
  reasons: SpamReason[];
  score: number;
  /**
   * Pass; step-up (the page pays the puzzle and sends again); hold (a person must look: a form
   * with moderation keeps it for a moderator, one without asks its human challenge, the
   * captcha); or block.
   */
  fate: Fate;
  /** What this submission costs; on a step-up, the puzzle's size. */
  price: Price;
  /** The doubt a paid puzzle leaves (`doubtAfterStepUp`); the score when nothing was paid. */
  doubt: number;
}

/**
 * The fate of a score at a price. A puzzle answered at the asked size is paid; what doubt is left
 * after it decides between a pass and a hold. A price no work pays is a hold straight away.
 */
export function fateOf(score: number, price: Price, paid: number, doubt: number): Fate {
  if (score >= BLOCK_SCORE) return 'block';
  if (price.kind === 'person') return 'hold';
  if (price.kind === 'work' && paid < price.maxnumber) return 'step-up';
  return doubt >= STEP_UP_SCORE ? 'hold' : 'pass';
}

export const WEIGHTS: Readonly<Record<SpamReason, number>> = {
  honeypot_filled: 100,
  honeypot_missing: 100,
  honeypot_forged: 100,
  no_javascript: 100,
  checkjs_invalid: 70,
  too_fast: 100,
  quick: 40,
  token_missing: 30,
  token_invalid: 100,
  token_expired: 30,
  token_replayed: 100,
  no_interaction: 50,
  // The browser says it is automated: no person's browser does, and no puzzle answers it.
  headless: 40,
  robotic_typing: 40,
  visible_fields_missing: 20,
  rate_limited: 100,
  blocked_ip: 100,
  blocked_email_domain: 100,
  blocked_word: 100,
  crawler: 30,
  signals_replayed: 100,
  no_behaviour: 50,
  // Automation tells: each only adds up (see HIDDEN_AUTOMATION).
  tell_headless_ua: 60,
  tell_brands: 60,
  tell_software_gl: 15,
  tell_window: 40,
  tell_permissions: 40,
  tell_chrome: 20,
  tell_cdp: 40,
  tell_untrusted: 60,
  // Patches reach the page's objects, not a worker's: a person's browser shows one browser in both.
  tell_worker: 40,
  hints_mismatch: 60,
  headers_inconsistent: 30,
  languages_mismatch: 40,
  // Travellers roaming on a home network, VPN and Tor users keep a clock the address's country
  // does not: alone, this never asks for more; beside another doubt it does.
  timezone_mismatch: 20,
  // Behaviour: each needs enough samples to count (see behaviour.ts).
  typing_uniform: 50,
  key_hold_robotic: 40,
  pointer_synthetic: 50,
  click_without_approach: 30,
  focus_without_cause: 10,
  key_without_shift: 40,
  press_without_pressure: 50,
  click_centred: 40,
  shift_chorded: 40,
  // What was posted (content/): a doubt each, which a puzzle does not answer.
  links_first_post: 40,
  blocked_link_domain: 100,
  content_duplicate: 50,
  content_spam: 50,
  // Signals bound to what was posted: typing data that fits another text, a summary seen before.
  typing_mismatch: 50,
  behaviour_replayed: 60,
  // The step-up, the hold, the allow list and a solved puzzle are records, not evidence: a solved
  // puzzle pays a step-up's price (`fateOf`); a wrong, late or replayed answer blocks.
  step_up: 0,
  held: 0,
  trusted_address: 0,
  trusted_visitor: 0,
  step_up_solved: 0,
  step_up_failed: 100,
  step_up_expired: 100,
  step_up_replayed: 100,
};

/** Sign-in: the credentials prove more than timing does, and a password manager may submit at once. */
const FORM_WEIGHTS: Partial<Record<ProtectedForm, Partial<Record<SpamReason, number>>>> = {
  'sign-in': { too_fast: 60, quick: 20, token_missing: 15 },
};
const weightsOf = (form: ProtectedForm): Record<SpamReason, number> => ({ ...WEIGHTS, ...FORM_WEIGHTS[form] });

/**
 * Signs of automation that hides itself (tells, headers, behaviour) are evidence, not proof: a
 * person's browser may show one or two (a virtual machine's software WebGL, a developer's open
 * tools, a hurried typist). Together they ask for more, the step-up, but never block on their
 * own: a block needs a sign no person gives (a filled honeypot, a replay, no script at all).
 */
export const HIDDEN_AUTOMATION: ReadonlySet<SpamReason> = new Set<SpamReason>([
  'tell_headless_ua',
  'tell_brands',
  'tell_software_gl',
  'tell_window',
  'tell_permissions',
  'tell_chrome',
  'tell_cdp',
  'tell_untrusted',
  'tell_worker',
  'hints_mismatch',
  'headers_inconsistent',
  'languages_mismatch',
  'timezone_mismatch',
  'typing_uniform',
  'key_hold_robotic',
  'pointer_synthetic',
  'click_without_approach',
  'focus_without_cause',
  'key_without_shift',
  'press_without_pressure',
  'click_centred',
  'shift_chorded',
]);
/** At least the step-up's score, well under the block's. */
export const HIDDEN_AUTOMATION_CAP = 60;
/**
 * Hidden automation and a browser that says it is automated, together: still under a block, so
 * automation alone is held for a person's look, and only another sign (no interaction, a hurried
 * or replayed post) makes it a block.
 */
export const AUTOMATION_CAP = 90;

/** Fewer ms between keys than this, over many keys, is not a person typing. */
export const ROBOTIC_TYPING_MS = 12;
/** Under a second from page-set to submit is too fast for anyone. */
export const TOO_FAST_MS = 1_000;

export function weigh(e: Evidence, policy: Policy): Verdict {
  const reasons: SpamReason[] = [];
  const add = (reason: SpamReason, when: boolean) => when && reasons.push(reason);

  add('honeypot_filled', e.honeypot === 'filled');
  add('honeypot_missing', e.honeypot === 'missing');
  add('honeypot_forged', e.honeypot === 'forged');
  add('no_javascript', !e.javascript);
  if (e.javascript) {
    add('checkjs_invalid', e.checkJs !== 'ok');
    if (policy.botDetector) {
      add('token_missing', e.token === 'missing');
      add('token_invalid', e.token === 'invalid');
      add('token_expired', e.token === 'expired');
    }
    add('no_interaction', !e.interacted);
    add('headless', e.headless);
    add('robotic_typing', e.typingIntervalMs !== null && e.typingIntervalMs < ROBOTIC_TYPING_MS);
    add('visible_fields_missing', policy.visibleFieldsRequired && !e.visibleFields);
  }
  // A replayed token, or replayed signals, is a replay whatever else the submission shows.
  add('token_replayed', e.token === 'replayed');
  add('signals_replayed', e.signalsReplayed);
  if (e.elapsedMs !== null) {
    add('too_fast', e.elapsedMs < TOO_FAST_MS);
    add('quick', e.elapsedMs >= TOO_FAST_MS && e.elapsedMs < policy.minSecondsToSubmit * 1000);
  }
  add('rate_limited', overRate({ address: e.rate, network: e.networkRate }, policy.maxSubmissionsPerMinute));
  add('blocked_ip', e.blocked.ip);
  add('blocked_email_domain', e.blocked.emailDomain);
  add('blocked_word', e.blocked.word);
  add('crawler', e.crawlerChecked === false);
  for (const reason of e.found) add(reason, !reasons.includes(reason));
  add('step_up_solved', e.stepUp === 'ok');
  add('step_up_failed', e.stepUp === 'failed');
  add('step_up_expired', e.stepUp === 'expired');
  add('step_up_replayed', e.stepUp === 'replayed');

  const score = scoreOf(reasons, policy.form);
  // Trust answers doubt and volume, never tampering: a sign that blocks on its own still blocks.
  if (e.trusted || e.trustedVisitor) {
    reasons.push(e.trusted ? 'trusted_address' : 'trusted_visitor');
    const weights = weightsOf(policy.form);
    const fate = reasons.some((reason) => weights[reason] >= BLOCK_SCORE) ? 'block' : 'pass';
    return { allowed: fate === 'pass', reasons, score, fate, price: { kind: 'free' }, doubt: 0 };
  }
  const paid = e.stepUp === 'ok' ? e.paid : 0;
  // A puzzle is asked of one submission (its binding) at the price of that moment; its answer pays it.
  const price: Price = paid > 0 ? paidPrice(paid) : priceOf(policy.form, score, e.posts, policy.freePostsPerHour);
  const doubt = paid > 0 ? doubtAfterStepUp(reasons, policy.form) : score;
  const fate = fateOf(score, price, paid, doubt);
  // The spam log shows that this submission was asked for more, and (on the next) how it went.
  if (fate === 'step-up') reasons.push('step_up');
  if (fate === 'hold') reasons.push('held');
  return { allowed: fate !== 'block', reasons, score, fate, price, doubt };
}

/**
 * What a paid puzzle answers: that the browser ran the page's script to its end and took its
 * time over it. It says nothing about who or what drove the browser, or what was posted.
 */
const ANSWERED_BY_WORK: ReadonlySet<SpamReason> = new Set<SpamReason>([
  'quick',
  'token_missing',
  'token_expired',
  'crawler',
  'tell_software_gl',
  'step_up_solved',
]);

/**
 * The reasons' weights added up: hidden automation capped at `HIDDEN_AUTOMATION_CAP`, and with
 * a browser that says it is automated at `AUTOMATION_CAP`.
 */
export function scoreOf(reasons: readonly SpamReason[], form: ProtectedForm): number {
  const weights = weightsOf(form);
  const sum = (list: readonly SpamReason[]) => list.reduce((total, reason) => total + weights[reason], 0);
  const hidden = Math.min(HIDDEN_AUTOMATION_CAP, sum(reasons.filter((r) => HIDDEN_AUTOMATION.has(r))));
  const automation = Math.min(AUTOMATION_CAP, hidden + (reasons.includes('headless') ? weights.headless : 0));
  return automation + sum(reasons.filter((r) => !HIDDEN_AUTOMATION.has(r) && r !== 'headless'));
}

/** What doubt a solved step-up leaves: the score of every reason the puzzle does not answer. */
export const doubtAfterStepUp = (reasons: readonly SpamReason[], form: ProtectedForm): number =>
  scoreOf(
    reasons.filter((reason) => !ANSWERED_BY_WORK.has(reason)),
    form,
  );
