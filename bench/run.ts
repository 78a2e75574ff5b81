import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every `*.bench.ts` in this folder in turn (never in parallel: they measure the machine)
 * and writes their results to `bench/results.json`. `npm run bench -- admin-ajax` runs only the
 * benchmarks whose file name contains the word.
 */

export interface BenchResult {
  name: string;
  /** What the figures are compared against: the budget of DESIGN.md. */
  budget: string;
  withinBudget: boolean | null;
  figures: Record<string, unknown>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts') && (!filter || file.includes(filter)))
  .sort();

const results: BenchResult[] = [];
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const module = (await import(path.join(here, file))) as { run: () => Promise<BenchResult[]> };
  for (const result of await module.run()) {
    results.push(result);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

const out = path.join(here, 'results.json');
writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
process.stdout.write(`\nWrote ${results.length} results to ${out}\n`);
