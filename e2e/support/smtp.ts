import { startDnsServer, type TestDnsServer } from '../../packages/server/test/support/dns-server.js';
import { startServer, type RunningServer, type StartOptions } from '../../tools/start-server.js';
import { startTestSmtp, type TestSmtp } from '../../packages/server/test/mail/smtp.js';

/** The mail tests' real SMTP server on loopback, for browser tests that read the site's mail. */
export { parseMail, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../packages/server/test/mail/smtp.js';

export interface MailingSite {
  server: RunningServer;
  smtp: TestSmtp;
  stop(): Promise<void>;
}

/**
 * A server of the test's own that delivers its mail to an SMTP server on loopback, with a known
 * secret (so the test can read its captchas) and a DNS server on loopback that finds mail
 * servers for example.org (so visitors' addresses there pass the e-mail checks offline).
 */
export async function startMailingSite(secret: string, options: StartOptions = {}): Promise<MailingSite> {
  const smtp = await startTestSmtp();
  const dns: TestDnsServer = await startDnsServer({ 'example.org': { mx: ['mx.example.org'] } });
  const server = await startServer(
    {
      SMTP_URL: smtp.url,
      WAYMARK_SECRET: secret,
      SEED_ITEMS: '24',
      DNS_SERVERS: dns.address,
      DNS_CANARY: 'example.org',
    },
    90_000,
    options,
  );
  return {
    server,
    smtp,
    async stop() {
      await server.stop();
      await dns.close();
      await smtp.stop();
    },
  };
}
