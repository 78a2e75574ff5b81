import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTACKER_CLASSES, attackerSession, caught, OS_CLASSES, type AttackerClass } from '../e2e/support/attackers.js';
import { attackedForms, type CorpusForm } from '../e2e/support/corpus-forms.js';
import type { Corpus } from '../e2e/support/corpus.js';
import { canRun, type PersonBrowser } from '../e2e/support/x-screen.js';
import { withCorpusSite } from './corpus-site.js';
import type { BenchResult } from './run.js';

/**
 * Issue 26's catch rates: each class of the bot corpus of today's attacker tools (stealth
 * automation, a raw DevTools-protocol driver, xdotool with scripted and with human-like timing;
 * `e2e/support/attackers.ts`) on every form it attacks (`attackedForms`: "Suggest a place", an
 * item's review form, sign-in, registration, an owner's contact dialog, "Add your business";
 * `ATTACKER_FORMS`, comma-separated, runs only some: `suggest`, `review`, `sign-in`,
 * `registration`, `contact-owner`, `add-business`), `ATTACKER_SESSIONS` sessions each (default
 * 10), on a quiet machine and then with `stress-ng --cpu 2` beside it, since load moves every
 * timing figure. Caught: blocked, held, or stepped up to a price the session did not pay. The
 * server counts no volume (every post is free unless doubted), so each figure is the shield's
 * judgement on the session's merit alone; what volume adds is `shield-farm.bench.ts`'s.
 * `ATTACKER_CLASSES` (comma-separated) runs only some classes, `ATTACKER_LOADS` (`quiet`, `loaded`)
 * only one of the two machines. `ATTACKER_BROWSERS` (`chromium`, `firefox`, `webkit`; Chromium
 * unless told) names the browsers the operating-system classes drive; the stealth and raw-protocol
 * classes are Chromium's tools and run in Chromium only.
 */

const SESSIONS = Number(process.env.ATTACKER_SESSIONS ?? 10);
const STRESS_NG = '/usr/bin/stress-ng';
const chosen = (process.env.ATTACKER_CLASSES?.split(',') ?? ATTACKER_CLASSES) as AttackerClass[];
const chosenForms = process.env.ATTACKER_FORMS?.split(',');
const chosenLoads = process.env.ATTACKER_LOADS?.split(',') ?? ['quiet', 'loaded'];
const chosenBrowsers = (process.env.ATTACKER_BROWSERS?.split(',') ?? ['chromium']) as PersonBrowser[];

type ClassFigures = {
  sessions: number;
  caught: number;
  catchRate: number | null;
  /** Of the sessions aimed at a random point of each box (ghost-cursor's way), how many were caught. */
  boxAimed: { sessions: number; caught: number };
  errors: number;
  reasons: Record<string, number>;
  missed: string[][];
};

async function measureClass(
  corpus: Corpus,
  form: CorpusForm,
  kind: AttackerClass,
  seedBase: number,
  browser: PersonBrowser,
): Promise<ClassFigures> {
  const figures: ClassFigures = {
    sessions: 0,
    caught: 0,
    catchRate: null,
    boxAimed: { sessions: 0, caught: 0 },
    errors: 0,
    reasons: {},
    missed: [],
  };
  for (let i = 0; i < SESSIONS; i += 1) {
    // Half the sessions aim as pyautogui's users do (each box's middle), half as ghost-cursor and
    // HumanCursor do (a random point of it); scripted timing aims at the middle either way.
    const aim = i % 2 === 1 && kind !== 'os-scripted' ? 'box' : 'centre';
    try {
      const verdicts = await attackerSession(corpus, kind, seedBase + i * 31, { form, browser, aim });
      figures.sessions += 1;
      if (aim === 'box') figures.boxAimed.sessions += 1;
      if (aim === 'box' && caught(verdicts)) figures.boxAimed.caught += 1;
      for (const reason of new Set(verdicts.flatMap((v) => v.reasons))) {
        figures.reasons[reason] = (figures.reasons[reason] ?? 0) + 1;
      }
      if (caught(verdicts)) figures.caught += 1;
      else figures.missed.push(verdicts.flatMap((v) => v.reasons));
    } catch (error) {
      figures.errors += 1;
      process.stderr.write(`${kind}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  figures.catchRate = figures.sessions === 0 ? null : Number((figures.caught / figures.sessions).toFixed(3));
  return figures;
}

/** What the issue asks of a class: 95 % for every scripted class, 60 % for human-timed OS input. */
const target = (kind: AttackerClass) => (kind === 'os-human' ? 0.6 : 0.95);

export async function run(): Promise<BenchResult[]> {
  if (!canRun('chromium')) {
    return [
      {
        name: 'shield bot corpus',
        budget: 'needs Xvfb, xdotool, Chromium',
        withinBudget: null,
        figures: { skipped: true },
      },
    ];
  }
  return withCorpusSite(async (corpus) => {
    const results: BenchResult[] = [];
    const forms = (await attackedForms(corpus.reader, corpus.baseUrl)).filter(
      ({ form }) => chosenForms?.includes(form) ?? true,
    );
    for (const load of ['quiet', 'stress-ng --cpu 2'] as const) {
      if (!chosenLoads.includes(load === 'quiet' ? 'quiet' : 'loaded')) continue;
      let stress: ChildProcess | undefined;
      if (load !== 'quiet') {
        if (!existsSync(STRESS_NG)) continue;
        stress = spawn(STRESS_NG, ['--cpu', '2', '--timeout', '3600s'], { stdio: 'ignore' });
      }
      try {
        for (const [formIndex, form] of forms.entries()) {
          for (const [browserIndex, browser] of chosenBrowsers.entries()) {
            for (const [index, kind] of chosen.entries()) {
              if (browser !== 'chromium' && !OS_CLASSES.includes(kind)) continue;
              const seedBase = 5_000 + formIndex * 10_000 + browserIndex * 100_000 + index * 1_000 + (stress ? 500 : 0);
              const figures = await measureClass(corpus, form, kind, seedBase, browser);
              results.push({
                name: `shield bot corpus: ${kind}${browser === 'chromium' ? '' : ` in ${browser}`} on ${form.form} (${load})`,
                budget: `caught (blocked, held, or asked a price it did not pay) in at least ${target(kind) * 100} % of sessions`,
                withinBudget: figures.catchRate === null ? null : figures.catchRate >= target(kind),
                figures,
              });
              process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
            }
          }
        }
      } finally {
        stress?.kill();
      }
    }
    return results;
  });
}

// Run on its own (`node --import tsx bench/shield-attackers.bench.ts`), it prints its result too.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const result of await run()) process.stdout.write(`${JSON.stringify(result)}\n`);
}
