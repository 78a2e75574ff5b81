import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Keyed hashes under the server secret, one purpose each, so a value made for one job (a page
 * stamp, a token) never verifies for another. Any instance with the secret can check any value.
 */
export interface ShieldKeys {
  mac(purpose: string, data: string): string;
  same(a: string, b: string): boolean;
}

export function createShieldKeys(secret: string): ShieldKeys {
  return {
    mac: (purpose, data) => createHmac('sha256', secret).update(`shield|${purpose}|${data}`).digest('hex'),
    same: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
  };
}
