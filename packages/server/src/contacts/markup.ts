import { ENCODED_CONTACT } from '@waymark/protocol';
import { escapeHtml } from '../content/sanitize.js';
import type { ContactCipher } from './cipher.js';
import { maskEmail, maskPhone, maskedText, type MaskedParts } from './mask.js';
import type { ContactKind } from './patterns.js';

/** The hover hint on every encoded contact. */
export const ENCODED_HINT = ENCODED_CONTACT.hint;
const { attribute, className, blurClassName } = ENCODED_CONTACT;

export const maskOf = (kind: ContactKind, value: string): MaskedParts =>
  kind === 'email' ? maskEmail(value) : maskPhone(value);

function blurredHtml(parts: MaskedParts): string {
  return parts.visible
    .map((part, i) => {
      const blur = parts.blurred[i];
      return escapeHtml(part) + (blur === undefined ? '' : `<span class="${blurClassName}">${blur}</span>`);
    })
    .join('');
}

/** PROTOCOL.md section 4: the span that stands for a contact in page text. */
export function encodedSpan(cipher: ContactCipher, kind: ContactKind, value: string): string {
  if (cipher.reveals(value)) return escapeHtml(value);
  return `<span ${attribute}="${cipher.seal(value)}" class="${className}" title="${escapeHtml(
    ENCODED_HINT,
  )}">${blurredHtml(maskOf(kind, value))}</span>`;
}

/** The masked `href` of a `mailto:` or `tel:` link; the sealed string holds the whole tail. */
export function maskedHref(scheme: 'mailto' | 'tel', tail: string): string {
  const [address = '', query] = tail.split('?', 2);
  const masked = maskedText(maskOf(scheme === 'mailto' ? 'email' : 'phone', address));
  return `${scheme}:${masked}${query === undefined ? '' : `?${query.replace(/[^&=]+@[^&=]+/g, '***')}`}`;
}
