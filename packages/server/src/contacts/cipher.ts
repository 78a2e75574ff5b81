import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * *Waymark:* an encoded contact is AES-256-GCM under a key derived from the server secret, so
 * nothing in a page lets a reader recover the address, and a forged or altered string fails to
 * open. A fresh IV per encoding means the same address never looks the same twice.
 */
export interface ContactCipher {
  seal(contact: string): string;
  /** The contact, or null when the string was not sealed by this site's key. */
  open(sealed: string): string | null;
  /** Whether the reader this cipher renders for decoded this contact before: it is shown in clear. */
  reveals(contact: string): boolean;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createContactCipher(secret: string): ContactCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'waymark', 'contact encoder v1', 32));
  return {
    seal(contact) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(contact, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed) {
      if (typeof sealed !== 'string' || !/^[A-Za-z0-9_-]{40,4096}$/.test(sealed)) return null;
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    reveals: () => false,
  };
}
