import emailSpellChecker from '@zootools/email-spell-checker';
import { distance } from 'fastest-levenshtein';

/**
 * How far a correction may stray from what was typed. The spell checker fixes the domain's two
 * halves on their own, so alone it offers "a-only.de" for "a-only.test" and "hotmail.de" for
 * "no-mail.test"; a slip of the fingers changes a letter or two of the whole domain.
 */
const MAX_EDITS = 2;

/** A likely correction for a mistyped common domain ("gmial.com" → "gmail.com"), if any. */
export function suggestCorrection(email: string): string | undefined {
  const suggestion = emailSpellChecker.run({ email });
  if (!suggestion || suggestion.full === email) return undefined;
  const typed = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return distance(typed, suggestion.domain.toLowerCase()) <= MAX_EDITS ? suggestion.full : undefined;
}
