import { ADMIN, E2E_SECRET } from '../e2e/global-setup.js';
import { adminSession } from '../e2e/support/admin.js';
import { launchBrowser } from '../e2e/support/browser.js';
import type { Corpus } from '../e2e/support/corpus.js';
import { measureLayout } from '../e2e/support/layouts.js';
import { startScreen } from '../e2e/support/x-screen.js';
import { startServer } from '../tools/start-server.js';

/**
 * The site a corpus benchmark drives, as the browser tests' own: the built server on SQLite with
 * the seeded demo, the staff (IPv4 loopback) on the shield's allow list reading the spam log, the
 * corpus's windows (IPv6 loopback) judged; an X server and a headless reader beside it. Runs
 * `use` with the corpus and takes it all down after.
 */
export async function withCorpusSite<T>(use: (corpus: Corpus) => Promise<T>): Promise<T> {
  const server = await startServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WAYMARK_SECRET: E2E_SECRET },
    90_000,
    { trustedIpRanges: ['127.0.0.1/32'] },
  );
  const reader = await launchBrowser();
  const screen = await startScreen();
  try {
    const admin = await adminSession(reader, server.url);
    const layout = await measureLayout(reader, screen, server.untrustedUrl, false);
    return await use({ screen, reader, baseUrl: server.untrustedUrl, logUrl: server.url, admin, layout });
  } finally {
    screen.stop();
    await reader.close();
    await server.stop();
  }
}
