/**
 * The client's and the server's e-mail format check (antispam spec, section 5): text without
 * spaces, an `@`, then a domain with a dot.
 */
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailFormat(value: string): boolean {
  return value.length <= 320 && EMAIL_FORMAT.test(value);
}
