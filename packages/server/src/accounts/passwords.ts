import { readFileSync } from 'node:fs';

/** The rules a new password meets: long enough, not one everybody picks, not the address itself. */

const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** What the password service of the sign-in feature does; the app hands it to this feature. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/** Why a new password is refused, or null when it is fine. */
export function passwordProblem(password: string, minLength: number, account: { email: string }): string | null {
  if ([...password].length < minLength) return `Choose a password of at least ${minLength} characters.`;
  if (password.length > 1_000) return 'Choose a password of at most 1,000 characters.';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'This password is one of the most common ones. Please choose another.';
  const local = account.email.toLowerCase().split('@')[0] ?? '';
  if (lower === account.email.toLowerCase() || (local.length >= 4 && lower.includes(local))) {
    return 'The password must not contain your e-mail address.';
  }
  return null;
}
