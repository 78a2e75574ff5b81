/**
 * The page side of the encoded contacts (PROTOCOL.md section 4): finding them, asking for all of
 * them at once, reading the answer, and writing the decoded values back into the page. Written
 * small: it ships in the size-budgeted page script.
 */
import { ANTISPAM_CALLS, ENCODED_CONTACT } from '@waymark/protocol/plain';
import { str } from '../config.js';

const ATTRIBUTE = ENCODED_CONTACT.attribute;
export const ENCODED_SELECTOR = `[${ATTRIBUTE}]`;
/** The class a filled element wears until it settles: its styles highlight the value. */
const FILLED = `${ENCODED_CONTACT.className}--filled`;

/** The decode call of PROTOCOL.md section 3, for the shield's request layer. */
export const DECODE_CALL = ANTISPAM_CALLS.decodeEmail;

export interface DecodeItem {
  encoded_email: string;
  decoded_email: string;
  is_allowed: boolean;
  comment: string;
}

/** What the popup shows after an answer (or a failure); a failure's kind names its text. */
export type Outcome =
  | { kind: 'decoded'; value: string; items: DecodeItem[] }
  | { kind: 'blocked' | 'cannot_connect' | 'cannot_decode'; comment: string };

/** The client's signals for the judge: a 64-character event token, or the stored signal data. */
export interface Signals {
  token: string;
  data: Record<string, unknown>;
}

export const encodedOf = (element: Element): string => element.getAttribute(ATTRIBUTE) ?? '';

export const encodedElements = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(ENCODED_SELECTOR)];

/** A decoded value as shown: a `mailto:` value without its `?subject=…` part. */
export const shown = (value: string): string => value.split('?')[0] ?? value;

/**
 * The call's fields: the clicked contact alone (a tap reveals what was tapped, not the page's
 * every contact against the visitor's hourly share; the same string elsewhere on the page fills
 * too), and the signals: the token when there is one, and always the signals themselves, which
 * the server may need besides.
 */
export function decodeFields(signals: Signals, clicked: string): Record<string, string> {
  const fields: Record<string, string> = {
    post_url: location.href,
    referrer: document.referrer,
    encodedEmails: JSON.stringify({ 0: clicked }),
    event_javascript_data: JSON.stringify(signals.data),
  };
  if (signals.token.length === 64) fields.event_token = signals.token;
  return fields;
}

const isItem = (value: unknown): value is DecodeItem =>
  typeof (value as DecodeItem | null)?.encoded_email === 'string' &&
  typeof (value as DecodeItem).decoded_email === 'string';

/** Reads the answer for the clicked string; the visitor is allowed only on `is_allowed === true`. */
export function readAnswer(answer: unknown, clicked: string): Outcome {
  const body = (answer ?? {}) as { success?: unknown; data?: unknown };
  const data: unknown[] = Array.isArray(body.data) ? body.data : [];
  const items = data.filter(isItem);
  const item = items.find((entry) => entry.encoded_email === clicked);
  if (body.success !== true || !item) {
    return { kind: 'cannot_decode', comment: str(((item ?? data[0]) as { comment?: unknown } | undefined)?.comment) };
  }
  if (item.is_allowed !== true || !item.decoded_email) return { kind: 'blocked', comment: item.comment };
  return { kind: 'decoded', value: item.decoded_email, items };
}

/** Fills every encoded element whose string was decoded: text, and the real `href` of a link. */
export function fillElements(items: DecodeItem[]): HTMLElement[] {
  return encodedElements().filter((element) => {
    const value = items.find((i) => i.is_allowed === true && i.encoded_email === encodedOf(element))?.decoded_email;
    if (!value) return false;
    // The scheme of a masked link is kept when the real `href` is written.
    const scheme = /^(mailto|tel):/i.exec(element.getAttribute('href') ?? '');
    if (scheme) {
      element.setAttribute('href', scheme[0] + value);
      // A link's own text is replaced only where it showed the masked address.
      if (element.textContent?.includes('*')) element.textContent = shown(value);
    } else {
      element.textContent = value;
    }
    element.classList.add(FILLED);
    return true;
  });
}

/**
 * Makes filled elements plain: no encoded string, encoder class or hint, and not the button
 * `makeOperable` made of it (the markup of PROTOCOL.md section 4 carries no role or tabindex).
 */
export function settleElements(elements: HTMLElement[]): void {
  for (const element of elements) {
    for (const name of [ATTRIBUTE, 'title', 'role', 'tabindex']) element.removeAttribute(name);
    element.classList.remove(ENCODED_CONTACT.className, FILLED);
  }
}

/** Encoded elements become keyboard buttons; a nested one leaves that to its encoded ancestor. */
export function makeOperable(): void {
  for (const element of encodedElements()) {
    if (element.parentElement?.closest(ENCODED_SELECTOR)) continue;
    if (!element.hasAttribute('tabindex')) element.tabIndex = 0;
    if (!element.hasAttribute('role')) element.setAttribute('role', 'button');
  }
}
