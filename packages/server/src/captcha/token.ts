import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Captcha codes: what the page keeps in its hidden field. A code is an opaque token signed with
 * a key from the server secret, `<id>.<form>.<expiry>.<mac>`, bound by the MAC to one form and one
 * visitor. It never carries the answer: the answer is derived from the id under the same key, so
 * only this site can draw the image or check a reply, on any instance, without shared state.
 */

export const CAPTCHA_FORMS = ['registration', 'sign-in', 'contact-owner'] as const;
export type CaptchaForm = (typeof CAPTCHA_FORMS)[number];

/** How long a captcha may be answered. */
export const CAPTCHA_LIFETIME_MS = 10 * 60_000;
const ANSWER_LENGTH = 5;
// No characters that look alike in a distorted picture (0/o, 1/l/i, 9/g/q).
export const CAPTCHA_ALPHABET = 'abcdefhjkmnprstuvwxyz2345678';
const CODE = /^([A-Za-z0-9_-]{16})\.([0-2])\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/;

export interface CaptchaKeys {
  /** A new code for this form and visitor, with its expiry. */
  issue(form: CaptchaForm, visitor: string, now?: number): { id: string; code: string; expires: number };
  /** The code's id and expiry when it is this site's, for this form and visitor; else null. */
  read(code: string, form: CaptchaForm, visitor: string): { id: string; expires: number } | null;
  /** The characters the picture of `id` shows. */
  answer(id: string): string;
  /** The seed its picture's distortions are drawn from: the same picture each time it is asked. */
  pictureSeed(id: string): string;
  /** A signed note that the shield doubted this visitor on this form, good until `expires`. */
  doubt(form: CaptchaForm, visitor: string, expires: number): string;
  /** Whether `note` is this site's unexpired doubt note for this form and visitor. */
  doubted(note: string | undefined, form: CaptchaForm, visitor: string, now?: number): boolean;
}

export function createCaptchaKeys(serverSecret: string): CaptchaKeys {
  const key = createHmac('sha256', serverSecret).update('waymark captcha key').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 32);
  const signed = (id: string, form: number, expires: string, visitor: string) =>
    mac(`code|${id}|${form}|${expires}|${visitor}`);
  return {
    issue(form, visitor, now = Date.now()) {
      const id = randomBytes(12).toString('base64url');
      const index = CAPTCHA_FORMS.indexOf(form);
      const expires = now + CAPTCHA_LIFETIME_MS;
      const expiry = expires.toString(36);
      return { id, expires, code: `${id}.${index}.${expiry}.${signed(id, index, expiry, visitor)}` };
    },
    read(code, form, visitor) {
      const match = CODE.exec(code);
      if (!match) return null;
      const [, id = '', index = '', expiry = '', given = ''] = match;
      if (Number(index) !== CAPTCHA_FORMS.indexOf(form)) return null;
      const expected = signed(id, Number(index), expiry, visitor);
      if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
      return { id, expires: parseInt(expiry, 36) };
    },
    doubt(form, visitor, expires) {
      const expiry = expires.toString(36);
      return `${expiry}.${mac(`doubt|${form}|${expiry}|${visitor}`)}`;
    },
    doubted(note, form, visitor, now = Date.now()) {
      const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(note ?? '');
      if (!match) return false;
      const [, expiry = '', given = ''] = match;
      const expected = mac(`doubt|${form}|${expiry}|${visitor}`);
      return parseInt(expiry, 36) > now && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    },
    pictureSeed(id) {
      return mac(`picture|${id}`);
    },
    answer(id) {
      const bytes = createHmac('sha256', key).update(`answer|${id}`).digest();
      return Array.from(bytes.subarray(0, ANSWER_LENGTH), (b) => CAPTCHA_ALPHABET[b % CAPTCHA_ALPHABET.length]).join(
        '',
      );
    },
  };
}
