import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Sign-in attempts per account, whatever addresses they come from: a few a minute, more an
 * hour, so guessing one account's password from many addresses slows to a crawl while its
 * owner, who signs in now and then, never meets the limit. Counted in the shared state, so it
 * holds across instances.
 */
export const ACCOUNT_LIMITS: ReadonlyArray<{ windowSeconds: number; attempts: number }> = [
  { windowSeconds: 60, attempts: 5 },
  { windowSeconds: 3_600, attempts: 20 },
];

const accountKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** Counts this attempt for the account; answers true when it is over any limit. */
export async function accountBackedOff(app: FastifyInstance, email: string): Promise<boolean> {
  const key = accountKey(email);
  const counts = await Promise.all(
    ACCOUNT_LIMITS.map(({ windowSeconds }) => app.state.hit(`login:account:${windowSeconds}:${key}`, windowSeconds)),
  );
  return ACCOUNT_LIMITS.some(({ attempts }, i) => (counts[i] ?? 0) > attempts);
}
