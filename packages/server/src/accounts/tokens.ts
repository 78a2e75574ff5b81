import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The links the accounts feature mails: `<user id>.<expiry>.<mac>`, signed with a key from the
 * server secret over the purpose and what the link must stop working with. A confirmation link
 * is bound to the address it confirms; a reset link to the password hash it replaces, so it
 * works once: the new password changes the hash and the link no longer matches.
 */

export type TokenPurpose = 'verify' | 'reset';

const MAX_ID = 2 ** 31 - 1;
const TOKEN = /^(\d{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify: 7 * 86_400_000,
  reset: 3_600_000,
};

export interface AccountTokens {
  make(purpose: TokenPurpose, userId: number, binding: string, now?: number): string;
  /** The user id when the token is this site's for this purpose and binding, and unexpired. */
  userOf(token: string): number | null;
  check(purpose: TokenPurpose, token: string, binding: string, now?: number): boolean;
}

export function createAccountTokens(serverSecret: string): AccountTokens {
  const key = createHmac('sha256', serverSecret).update('waymark account links').digest();
  const mac = (purpose: TokenPurpose, userId: string, expiry: string, binding: string) =>
    createHmac('sha256', key).update(`${purpose}|${userId}|${expiry}|${binding}`).digest('base64url');
  return {
    make(purpose, userId, binding, now = Date.now()) {
      const expiry = (now + TOKEN_LIFETIME_MS[purpose]).toString(36);
      return `${userId}.${expiry}.${mac(purpose, String(userId), expiry, binding)}`;
    },
    userOf(token) {
      const match = TOKEN.exec(token);
      const id = match ? Number(match[1]) : NaN;
      // No account id is past a PostgreSQL integer; one that is names no account.
      return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
    },
    check(purpose, token, binding, now = Date.now()) {
      const match = TOKEN.exec(token);
      if (!match) return false;
      const [, userId = '', expiry = '', given = ''] = match;
      if (parseInt(expiry, 36) <= now) return false;
      return timingSafeEqual(Buffer.from(given), Buffer.from(mac(purpose, userId, expiry, binding)));
    },
  };
}
