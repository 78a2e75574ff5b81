import { bootstrap } from './demo-site.js';
import { webDistEnv } from '../mail/env.js';
import { createTestApp, type TestApp } from './app.js';
import { startDnsServer, type TestDnsServer } from './dns-server.js';
import type { DialectName } from '../../src/db/connect.js';

/**
 * A seeded site whose forms check senders' domains against a DNS server on loopback, where
 * example.org takes mail: what the account, contact and corpus tests post to.
 */
export interface MailingSite {
  t: TestApp;
  close(): Promise<void>;
}

export async function startMailingTestSite(
  dialect: DialectName,
  { items = 3, env = {} }: { items?: number; env?: Record<string, string> } = {},
): Promise<MailingSite> {
  const dns: TestDnsServer = await startDnsServer({ 'example.org': { mx: ['mx.example.org'] } });
  const t = await createTestApp(dialect, {
    env: {
      SEED_DEMO: 'true',
      SEED_ITEMS: String(items),
      TRUST_PROXY: 'true',
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: '500',
      DNS_CANARY: 'example.org',
      ...webDistEnv(),
      ...env,
    },
  });
  await bootstrap(t.app.storage, t.config, () => {});
  return {
    t,
    async close() {
      await t.close();
      await dns.close();
    },
  };
}
