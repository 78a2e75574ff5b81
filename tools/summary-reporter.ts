import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the closing lines name, so the next cut can be chosen. */
const SLOWEST = 12;

/**
 * Prints plain closing lines that any CI can read, whatever the default reporter's layout: the
 * slowest files, since the run has a time limit and a slow file is what must be cut first, then
 * `vitest: N passed, N failed`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed += 1;
    }
    process.stdout.write(slowestFiles(testModules));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules
    .map((module) => ({ name: `${module.project.name}/${module.relativeModuleId}`, ms: module.diagnostic().duration }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST);
  return [
    '\nslowest files:',
    ...timed.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`),
  ].join('\n');
}
