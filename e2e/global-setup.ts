import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../tools/start-server.js';

export const ADMIN = { email: 'admin@waymark.test', password: 'e2e-admin-password-1' } as const;
/** The shared server's secret, so tests can read its captchas as a person reads the picture. */
export const E2E_SECRET = 'e2e-shared-server-secret-0123456789abcdef';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same server as a visitor the spam shield judges on merit (IPv6 loopback). */
    judgedUrl: string;
    /** A folder of this run's own, for what its files share (the administrator's session). */
    runDir: string;
  }
}

let server: RunningServer | undefined;
let runDir: string | undefined;

/**
 * One built server, on SQLite with the seeded demo, for every browser test of the run. Its
 * browsers are automated (Playwright drives them), and the spam shield holds automation that
 * pays its puzzle; so, as a site owner lists their own monitoring, the server trusts IPv4
 * loopback (`baseUrl`), and the tests of the shield itself visit by IPv6 loopback (`judgedUrl`),
 * where every verdict is on merit.
 */
export async function setup(project: TestProject) {
  server = await startServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WAYMARK_SECRET: E2E_SECRET },
    90_000,
    { trustedIpRanges: ['127.0.0.1/32'] },
  );
  project.provide('baseUrl', server.url);
  project.provide('judgedUrl', server.untrustedUrl);
  runDir = mkdtempSync(path.join(tmpdir(), 'waymark-e2e-run-'));
  project.provide('runDir', runDir);
}

export async function teardown() {
  await server?.stop();
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}
