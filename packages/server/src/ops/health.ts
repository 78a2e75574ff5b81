import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** How long a readiness check may take before it counts as unreachable. */
export const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | 'unreachable'>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const probe = async (check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> => {
  try {
    await within(check(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'unreachable';
  }
};

/** Whether the database, and Redis when one is configured, answer now. */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  const checks: Readiness['checks'] = {
    database: await probe(() => sql`select 1`.execute(app.storage.db)),
  };
  // The shared state is Redis only when configured; a ping is a real round trip to it (calls
  // themselves fall back to memory while Redis is away, so they would not tell).
  if (app.config.redisUrl) checks.redis = await probe(() => app.state.ping());
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
