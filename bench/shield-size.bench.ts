import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './run.js';

/**
 * DESIGN.md budget: "shield page script: at most 10 KB minified and gzipped". Measures the
 * standalone build (`packages/shield/dist/shield.js`, made by `npm run build`) at gzip level 9.
 */

const BUDGET_BYTES = 10 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(here, '../packages/shield/dist/shield.js');
/** What the script fetches beside itself only where a page needs it (decoder, e-mail checks, toggle). */
const extrasFile = path.resolve(here, '../packages/shield/dist/shield-extras.js');

export async function run(): Promise<BenchResult[]> {
  let script: Buffer;
  try {
    script = readFileSync(file);
  } catch {
    throw new Error(`No ${file}: run \`npm run build\` first.`);
  }
  const gzipped = gzipSync(script, { level: 9 }).length;
  let extrasGzipBytes: number | null = null;
  try {
    extrasGzipBytes = gzipSync(readFileSync(extrasFile), { level: 9 }).length;
  } catch {
    // An older build without the extras: the script's own figure still stands.
  }
  return [
    {
      name: 'shield page script size',
      budget: 'at most 10 KB (10240 bytes) minified and gzipped',
      withinBudget: gzipped <= BUDGET_BYTES,
      figures: {
        file: 'packages/shield/dist/shield.js',
        minifiedBytes: script.length,
        gzipBytes: gzipped,
        // Not loaded on every page, so outside the budget; printed so it does not grow unseen.
        extrasGzipBytes,
      },
    },
  ];
}

// Run on its own (`node --import tsx bench/shield-size.bench.ts`), it prints its result too.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const result of await run()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
