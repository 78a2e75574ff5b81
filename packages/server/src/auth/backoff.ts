import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Sign-in failures, counted where a guesser cannot turn them against the account's owner: per
 * account and address together, with a wait that grows with the failures (a minute, a quarter of
 * an hour, an hour); and per address, across accounts, against one address trying many accounts.
 * The right password from an address with no failures always works, whoever failed elsewhere;
 * the owner is told by e-mail when their account sees many failures. A success or a try is not
 * counted: an office signing in all day never meets a limit. Shared state, so it holds across
 * instances.
 */

/** Failures of one account from one address before it waits: per window, the later ones longer. */
export const PAIR_LIMITS: ReadonlyArray<{ windowSeconds: number; failures: number }> = [
  { windowSeconds: 60, failures: 5 },
  { windowSeconds: 900, failures: 10 },
  { windowSeconds: 3_600, failures: 20 },
];
/** Failures from one address over every account in a quarter of an hour: a list being tried. */
export const ADDRESS_FAILURES = 30;
const ADDRESS_WINDOW_SECONDS = 900;
/** Failures of one account from any address in an hour after which its owner hears of it. */
export const OWNER_NOTICE_FAILURES = 10;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
const accountKey = (email: string) => hash(email.trim().toLowerCase());
const pairKey = (email: string, ip: string) => hash(`${email.trim().toLowerCase()}|${ip}`);

export type Wait = { waitSeconds: number } | null;

/** Whether this address must wait before it tries this account again, and how long at most. */
export async function signInWait(app: FastifyInstance, request: FastifyRequest, email: string): Promise<Wait> {
  const pair = pairKey(email, request.ip);
  const counts = await Promise.all([
    ...PAIR_LIMITS.map(({ windowSeconds }) => app.state.count(`login:fail:${windowSeconds}:${pair}`)),
    app.state.count(`login:fail:address:${hash(request.ip)}`),
  ]);
  if ((counts[PAIR_LIMITS.length] ?? 0) >= ADDRESS_FAILURES) return { waitSeconds: ADDRESS_WINDOW_SECONDS };
  // The longest window over its limit sets the wait.
  const over = PAIR_LIMITS.filter(({ failures }, i) => (counts[i] ?? 0) >= failures);
  return over.length === 0 ? null : { waitSeconds: Math.max(...over.map((limit) => limit.windowSeconds)) };
}

/**
 * Counts a wrong password; answers true once, when the account's failures from anywhere reach the
 * owner-notice count in the hour (the caller then writes to the owner).
 */
export async function countSignInFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<boolean> {
  const pair = pairKey(email, request.ip);
  const account = accountKey(email);
  const counts = await Promise.all([
    ...PAIR_LIMITS.map(({ windowSeconds }) => app.state.hit(`login:fail:${windowSeconds}:${pair}`, windowSeconds)),
    app.state.hit(`login:fail:address:${hash(request.ip)}`, ADDRESS_WINDOW_SECONDS),
    app.state.hit(`login:fail:account:${account}`, 3_600),
  ]);
  return counts.at(-1) === OWNER_NOTICE_FAILURES;
}
