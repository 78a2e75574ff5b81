import { BLOCK_SCORE, type ProtectedForm, type SpamReason } from '@waymark/protocol';

/**
 * The verdict engine's scale. Each reason adds its weight; a score of 100 or more blocks. No
 * single soft sign blocks: an automated browser, a quick submit or a missing token only add up.
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
  /** This client's submissions to this form in the current minute, this one included. */
  rate: number;
  blocked: { ip: boolean; emailDomain: boolean; word: boolean };
  /** Whether the anti-crawler check ran; null where it does not apply. */
  crawlerChecked: boolean | null;
}

export interface Policy {
  form: ProtectedForm;
  botDetector: boolean;
  visibleFieldsRequired: boolean;
  minSecondsToSubmit: number;
  maxSubmissionsPerMinute: number;
}

export interface Verdict {
  allowed: boolean;
  reasons: SpamReason[];
  score: number;
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
  headless: 30,
  robotic_typing: 40,
  visible_fields_missing: 20,
  rate_limited: 100,
  blocked_ip: 100,
  blocked_email_domain: 100,
  blocked_word: 100,
  crawler: 30,
  signals_replayed: 100,
  no_behaviour: 50,
};

/** Sign-in: the credentials prove more than timing does, and a password manager may submit at once. */
const FORM_WEIGHTS: Partial<Record<ProtectedForm, Partial<Record<SpamReason, number>>>> = {
  'sign-in': { too_fast: 60, quick: 20, headless: 20 },
};

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
  add('rate_limited', e.rate > policy.maxSubmissionsPerMinute);
  add('blocked_ip', e.blocked.ip);
  add('blocked_email_domain', e.blocked.emailDomain);
  add('blocked_word', e.blocked.word);
  add('crawler', e.crawlerChecked === false);

  const weights = { ...WEIGHTS, ...FORM_WEIGHTS[policy.form] };
  const score = reasons.reduce((sum, reason) => sum + weights[reason], 0);
  return { allowed: score < BLOCK_SCORE, reasons, score };
}
