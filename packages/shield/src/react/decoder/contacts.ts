/**
 * The page side of the encoded contacts (PROTOCOL.md section 4): finding them, asking for all of
 * them at once, reading the answer, and writing the decoded values back into the page.
 */

export const ENCODED_SELECTOR = '[data-original-string]';
const ATTRIBUTE = 'data-original-string';

/** The decode call of PROTOCOL.md section 3, for the shield's request layer. */
export const DECODE_CALL = { action: 'apbct_decode_email', route: 'apbct_decode_email' } as const;

export interface DecodeItem {
  encoded_email: string;
  decoded_email: string;
  is_allowed: boolean;
  comment: string;
}

/** What the popup shows after an answer (or a failure). */
export type Outcome =
  | { kind: 'decoded'; value: string; items: DecodeItem[] }
  | { kind: 'blocked'; comment: string }
  | { kind: 'cannot-connect'; comment: string }
  | { kind: 'cannot-decode'; comment: string };

/** The client's signals for the judge: a 64-character event token, or the stored signal data. */
export interface Signals {
  token: string;
  data: Record<string, unknown>;
}

export const encodedOf = (element: Element): string => element.getAttribute(ATTRIBUTE) ?? '';

export function encodedElements(root: ParentNode = document): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(ENCODED_SELECTOR));
}

/** The call's fields: every distinct encoded string of the page, indexed, and the signals. */
export function decodeFields(strings: string[], signals: Signals): Record<string, string> {
  const distinct = [...new Set(strings.filter((s) => s !== ''))];
  const fields: Record<string, string> = {
    post_url: globalThis.location?.href ?? '',
    referrer: globalThis.document?.referrer ?? '',
    encodedEmails: JSON.stringify(Object.fromEntries(distinct.map((s, i) => [String(i), s]))),
  };
  if (signals.token.length === 64) fields.event_token = signals.token;
  else fields.event_javascript_data = JSON.stringify(signals.data);
  return fields;
}

function isItem(value: unknown): value is DecodeItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.encoded_email === 'string' && typeof item.decoded_email === 'string';
}

const commentOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && typeof (value as { comment?: unknown }).comment === 'string'
    ? (value as { comment: string }).comment
    : '';

/** Reads the answer for the clicked string; the visitor is allowed only on `is_allowed === true`. */
export function readAnswer(answer: unknown, clicked: string): Outcome {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as { success?: unknown; data?: unknown };
  const data = Array.isArray(body.data) ? body.data : [];
  const item = data.find((entry) => isItem(entry) && entry.encoded_email === clicked);
  if (body.success !== true || !isItem(item)) {
    return { kind: 'cannot-decode', comment: commentOf(item ?? data[0]) };
  }
  if (item.is_allowed !== true || item.decoded_email === '') return { kind: 'blocked', comment: item.comment };
  return { kind: 'decoded', value: item.decoded_email, items: data.filter(isItem) };
}

/** The scheme of a masked link, kept when the real `href` is written. */
function schemeOf(element: HTMLElement): 'mailto:' | 'tel:' | null {
  const href = element.getAttribute('href')?.trim().toLowerCase() ?? '';
  return href.startsWith('mailto:') ? 'mailto:' : href.startsWith('tel:') ? 'tel:' : null;
}

/** Fills every encoded element whose string was decoded: text, and the real `href` of a link. */
export function fillElements(items: DecodeItem[], root: ParentNode = document): HTMLElement[] {
  const decoded = new Map(items.filter((i) => i.is_allowed === true).map((i) => [i.encoded_email, i.decoded_email]));
  const filled: HTMLElement[] = [];
  for (const element of encodedElements(root)) {
    const value = decoded.get(encodedOf(element));
    if (value === undefined || value === '') continue;
    const scheme = element instanceof HTMLAnchorElement ? schemeOf(element) : null;
    if (scheme) {
      element.setAttribute('href', scheme + value);
      // A link's own text is replaced only where it showed the masked address.
      if ((element.textContent ?? '').includes('*')) element.textContent = value.split('?')[0] ?? value;
    } else {
      element.textContent = value;
    }
    element.classList.add('apbct-email-encoder--filled');
    filled.push(element);
  }
  return filled;
}

/** Makes filled elements plain: no encoded string, no encoder class or hint, not a button. */
export function settleElements(elements: HTMLElement[]): void {
  for (const element of elements) {
    element.removeAttribute(ATTRIBUTE);
    element.removeAttribute('title');
    element.classList.remove('apbct-email-encoder', 'apbct-email-encoder--filled');
    if (element.getAttribute('role') === 'button') element.removeAttribute('role');
    if (element instanceof HTMLAnchorElement) element.removeAttribute('tabindex');
    else if (element.getAttribute('tabindex') === '0') element.removeAttribute('tabindex');
    if (element.classList.length === 0) element.removeAttribute('class');
  }
}

/** Encoded elements become keyboard buttons; a nested one leaves that to its encoded ancestor. */
export function makeOperable(root: ParentNode = document): void {
  for (const element of encodedElements(root)) {
    if (element.parentElement?.closest(ENCODED_SELECTOR)) continue;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
    if (!element.hasAttribute('role')) element.setAttribute('role', 'button');
  }
}
