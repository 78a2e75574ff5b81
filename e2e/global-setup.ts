import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../tools/start-server.js';

export const ADMIN = { email: 'admin@waymark.test', password: 'e2e-admin-password-1' } as const;
/** The shared server's secret, so tests can read its captchas as a person reads the picture. */
export const E2E_SECRET = 'e2e-shared-server-secret-0123456789abcdef';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One built server, on SQLite with the seeded demo, for every browser test of the run. */
export async function setup(project: TestProject) {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WAYMARK_SECRET: E2E_SECRET });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}
