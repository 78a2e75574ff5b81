import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShieldKeys } from '../packages/server/src/shield/keys.js';
import { priceOf } from '../packages/server/src/shield/price.js';
import { issueChallenge, powDigest, type Challenge } from '../packages/server/src/shield/proof-of-work.js';
import { solveStepUp } from '../packages/shield/src/core/step-up.js';
import type { BenchResult } from './run.js';

/**
 * Issue 26: what a farm pays per accepted post from one address, post by post through an hour,
 * at the server's own prices (`priceOf`) and with real puzzles solved the cheapest way a script
 * has: Node's native PBKDF2, one number after another, CPU time measured. A farm whose posts show
 * no doubt at all is the best case for it; each doubted post costs one step more. Beside it, a
 * person's first doubted post solved by the page layer's own Web Crypto solver (this machine;
 * × 4 for a mid-range phone, as shield-pow.bench.ts does).
 *
 * Targets: at least 30 s of CPU per accepted post from the fifth post of an hour on; under 1 s
 * on a phone for a person's first.
 */

const POSTS = 10;
const FREE_POSTS = 2;
const PHONE_SLOWDOWN = 4;

/** The farm's solver: every number in turn until the digest matches; CPU seconds spent. */
function farmSolve(c: Challenge): number {
  const started = process.cpuUsage();
  for (let n = 0; n <= c.maxnumber; n += 1) if (powDigest(c.salt, n, c.cost) === c.challenge) break;
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/** CPU seconds per number tried, over enough numbers to say. */
function perNumber(keys: ReturnType<typeof createShieldKeys>): number {
  const c = issueChallenge(keys, { maxnumber: 2_000 });
  const started = process.cpuUsage();
  for (let n = 0; n < 2_000; n += 1) powDigest(c.salt, n, c.cost);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6 / 2_000;
}

export async function run(): Promise<BenchResult[]> {
  const keys = createShieldKeys('bench-secret-that-is-long-enough-0123456789');
  // One solve's cost depends on where its secret number fell; the expected cost is half the numbers.
  const numberCpu = perNumber(keys);
  const posts: { post: number; price: string; cpuSeconds: number; expectedCpuSeconds: number; accepted: boolean }[] =
    [];
  for (let post = 1; post <= POSTS; post += 1) {
    const price = priceOf('review', 0, post, FREE_POSTS);
    const none = { cpuSeconds: 0, expectedCpuSeconds: 0 };
    if (price.kind === 'free') posts.push({ post, price: 'free', ...none, accepted: true });
    else if (price.kind === 'person') posts.push({ post, price: 'a person (held)', ...none, accepted: false });
    else {
      const cpuSeconds = farmSolve(issueChallenge(keys, { maxnumber: price.maxnumber }));
      posts.push({
        post,
        price: `${price.maxnumber} numbers`,
        cpuSeconds: Math.round(cpuSeconds * 100) / 100,
        expectedCpuSeconds: Math.round((price.maxnumber / 2) * numberCpu * 100) / 100,
        accepted: true,
      });
    }
  }
  const fromFifth = posts.filter((p) => p.post >= 5);
  const acceptedFromFifth = fromFifth.filter((p) => p.accepted).length;
  const cpuFromFifth = fromFifth.reduce((sum, p) => sum + p.expectedCpuSeconds, 0);
  const perAcceptedFromFifth = acceptedFromFifth === 0 ? null : cpuFromFifth / acceptedFromFifth;

  // A person's first doubted post: the ladder's first step, solved as the page solves it.
  const times: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const price = priceOf('review', 40, 1, FREE_POSTS);
    if (price.kind !== 'work') throw new Error('a doubted first post should cost a puzzle');
    const started = performance.now();
    await solveStepUp(issueChallenge(keys, { maxnumber: price.maxnumber }));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const personMs = times[Math.floor(times.length / 2)] ?? 0;
  const firstFarmPost = posts[0]?.cpuSeconds ?? 0;
  const doubtedFirst = priceOf('review', 40, 1, FREE_POSTS);
  const doubtedFirstCpu =
    doubtedFirst.kind === 'work' ? farmSolve(issueChallenge(keys, { maxnumber: doubtedFirst.maxnumber })) : 0;

  return [
    {
      name: 'shield cost to a farm per accepted post, one address, one hour',
      budget:
        '≥ 30 s of CPU per accepted post from the fifth post of an hour on; a person’s first under 1 s on a phone',
      withinBudget: (perAcceptedFromFifth === null || perAcceptedFromFifth >= 30) && personMs * PHONE_SLOWDOWN < 1_000,
      figures: {
        cpuMsPerNumber: Math.round(numberCpu * 1e6) / 1e3,
        posts,
        firstPostCpuSeconds: firstFarmPost,
        doubtedFirstPostCpuSeconds: Math.round(doubtedFirstCpu * 1000) / 1000,
        tenthPost: posts[9],
        acceptedPostsPerHourWithoutAPerson: posts.filter((p) => p.accepted).length,
        cpuSecondsPerAcceptedPostFromFifth:
          perAcceptedFromFifth === null ? null : Math.round(perAcceptedFromFifth * 10) / 10,
        personFirstDoubtedPostMs: Math.round(personMs),
        personFirstDoubtedPostPhoneEstimateMs: Math.round(personMs * PHONE_SLOWDOWN),
      },
    },
  ];
}

// Run on its own (`node --import tsx bench/shield-farm.bench.ts`), it prints its result too.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const result of await run()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
