import autocannon from 'autocannon';

/**
 * Two targets measured in alternating turns of autocannon, the way a ratio between them is fair
 * on a shared machine: each turn of the one sees about the load the other's saw, and the ratio
 * is of the sums over all turns. Both get the same warm-up first (JIT, caches, pools, and the
 * collection of whatever the server did before).
 */

export interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Turns {
  /** Requests a second over all turns. */
  requestsPerSecond: number;
  requestsPerSecondPerTurn: number[];
  latencyP99MsPerTurn: number[];
  non2xx: number;
  errors: number;
}

export interface AlternateOptions {
  rounds: number;
  secondsPerTurn: number;
  warmUpSeconds: number;
  connections: number;
}

interface Tally {
  requests: number;
  seconds: number;
  perTurn: number[];
  p99: number[];
  non2xx: number;
  errors: number;
}

const tally = (): Tally => ({ requests: 0, seconds: 0, perTurn: [], p99: [], non2xx: 0, errors: 0 });

async function turn(target: Target, connections: number, duration: number, into: Tally): Promise<void> {
  const result = await autocannon({ ...target, connections, duration });
  into.requests += result.requests.total;
  into.seconds += result.duration;
  into.perTurn.push(Math.round(result.requests.total / result.duration));
  into.p99.push(result.latency.p99);
  into.non2xx += result.non2xx;
  into.errors += result.errors;
}

const turnsOf = (t: Tally): Turns => ({
  requestsPerSecond: Math.round(t.requests / t.seconds),
  requestsPerSecondPerTurn: t.perTurn,
  latencyP99MsPerTurn: t.p99,
  non2xx: t.non2xx,
  errors: t.errors,
});

/** Measures `a` and `b` in alternating turns; `ratio` is a's rate over b's, to two places. */
export async function alternate(
  a: Target,
  b: Target,
  { rounds, secondsPerTurn, warmUpSeconds, connections }: AlternateOptions,
): Promise<{ a: Turns; b: Turns; ratio: number }> {
  await turn(a, connections, warmUpSeconds, tally());
  await turn(b, connections, warmUpSeconds, tally());
  const first = tally();
  const second = tally();
  for (let round = 0; round < rounds; round += 1) {
    await turn(a, connections, secondsPerTurn, first);
    await turn(b, connections, secondsPerTurn, second);
  }
  const [ta, tb] = [turnsOf(first), turnsOf(second)];
  return { a: ta, b: tb, ratio: Math.round((ta.requestsPerSecond / tb.requestsPerSecond) * 100) / 100 };
}
