import { defineConfig } from 'vitest/config';

// A unit file shares its worker's module cache with the files before it: importing the server
// afresh for each of 130 files cost 166 s of the unit run's 285 s. No file depends on a module's
// first load. The browser files, each holding a browser of its own, keep their isolation.
const shared = { isolate: false } as const;

// Two cores: one worker per project file at a time keeps the shared PostgreSQL and the
// browser from starving each other.
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', './tools/summary-reporter.ts'],
    projects: [
      { test: { ...shared, name: 'protocol', root: 'packages/protocol', include: ['test/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'shield',
          root: 'packages/shield',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/suggest' } },
        },
      },
      {
        test: {
          ...shared,
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...shared,
          name: 'demo',
          root: 'packages/demo',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { ...shared, name: 'lightbox', root: 'packages/lightbox', include: ['test/**/*.test.{ts,tsx}'] } },
      {
        test: {
          ...shared,
          name: 'web',
          root: 'packages/web',
          include: ['test/**/*.test.{ts,tsx}'],
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          globalSetup: ['./global-setup.ts'],
          // A hang guard, not a speed check: a test at a person's pace with axe-core on the
          // 300-item home page takes 40 s on a quiet machine, and this one is shared.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
