import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { NONCE_PATTERN, NONCE_SLOT_SECONDS } from '@waymark/protocol';

/**
 * *Waymark* nonces: the first 10 hex characters of an HMAC over (action, session, time slot)
 * under the server secret. Any instance with the secret can check any nonce; nothing is stored.
 * A nonce is good in the slot it was made in and the next one, so it lives 12 to 24 hours.
 */
export interface Nonces {
  create(action: string, session: string): string;
  verify(nonce: unknown, action: string, session: string): boolean;
  /** The action a nonce was made for, searched among `actions` over the last `slots` slots. */
  identify(nonce: string, actions: readonly string[], session: string, slots?: number): string | undefined;
}

export function createNonces(secret: string, now: () => number = Date.now): Nonces {
  const slotOf = (t: number) => Math.floor(t / 1000 / NONCE_SLOT_SECONDS);
  const make = (action: string, session: string, slot: number) =>
    createHmac('sha256', secret).update(`${action}|${session}|${slot}`).digest('hex').slice(0, 10);
  const same = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    create: (action, session) => make(action, session, slotOf(now())),
    verify(nonce, action, session) {
      if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) return false;
      const slot = slotOf(now());
      return same(nonce, make(action, session, slot)) || same(nonce, make(action, session, slot - 1));
    },
    identify(nonce, actions, session, slots = 60) {
      if (!NONCE_PATTERN.test(nonce)) return undefined;
      const slot = slotOf(now());
      for (let back = 0; back < slots; back += 1) {
        for (const action of actions) if (same(nonce, make(action, session, slot - back))) return action;
      }
      return undefined;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    nonces: Nonces;
  }
}

export const noncesPlugin = fp(
  async (app) => {
    app.decorate('nonces', createNonces(app.serverSecret));
  },
  { name: 'nonces', dependencies: ['secret'] },
);
