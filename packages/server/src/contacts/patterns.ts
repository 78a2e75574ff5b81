/**
 * What counts as a contact in text: the shapes a harvester looks for. Phones must start with `+`
 * or a leading 0 and hold 8 to 15 digits, so that coordinates, prices, years and hours are not
 * mistaken for them.
 */
export const EMAIL =
  /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+/g;
export const PHONE = /(?<![\w+])(?:\+|0)\d[\d\s().-]{5,20}\d(?!\w)/g;

export type ContactKind = 'email' | 'phone';

export interface ContactMatch {
  kind: ContactKind;
  value: string;
  start: number;
  end: number;
}

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** Every contact in `text`, in order, never overlapping. */
export function findContacts(text: string): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const m of text.matchAll(EMAIL)) {
    const value = m[0].replace(/\.+$/, '');
    found.push({ kind: 'email', value, start: m.index, end: m.index + value.length });
  }
  for (const m of text.matchAll(PHONE)) {
    const value = m[0];
    const digits = digitCount(value);
    if (digits < 8 || digits > 15) continue;
    const start = m.index;
    if (found.some((f) => start < f.end && start + value.length > f.start)) continue;
    found.push({ kind: 'phone', value, start, end: start + value.length });
  }
  return found.sort((a, b) => a.start - b.start);
}

export function hasContact(text: string): boolean {
  return findContacts(text).length > 0;
}
