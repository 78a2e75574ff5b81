import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import {
  enqueueMail,
  OutboxWorker,
  renderMail,
  smtpSender,
  waitingMail,
  type MailMessage,
} from '../../src/mail/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTestStorage, DIALECTS } from '../support/storage.js';
import { webDistEnv } from './env.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

const FROM = 'Waymark <no-reply@waymark.test>';

function message(n: number, extra: Partial<MailMessage> = {}): MailMessage {
  const body = renderMail({ subject: `Message ${n}`, paragraphs: [`Body of message ${n}.`] }, 'Waymark');
  return { kind: 'test', to: `owner${n}@example.org`, ...body, ...extra };
}

describe('the mail template', () => {
  it('escapes every string in the HTML part and keeps the plain text as written', () => {
    const mail = renderMail(
      {
        subject: 'Hello\r\nBcc: victim@example.org',
        paragraphs: ['From <b>Eve</b> & co'],
        quote: '<script>alert(1)</script>\n\nSecond "paragraph"',
        action: { label: 'Open <it>', href: 'https://example.org/?a=1&b="2"' },
      },
      'Waymark',
    );
    expect(mail.subject).toBe('Hello Bcc: victim@example.org');
    expect(mail.html).not.toMatch(/<b>|<script>|<it>/);
    expect(mail.html).toContain('From &lt;b&gt;Eve&lt;/b&gt; &amp; co');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://example.org/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('From <b>Eve</b> & co');
    expect(mail.text).toContain('> <script>alert(1)</script>');
    expect(mail.text).toContain('https://example.org/?a=1&b="2"');
  });
});

describe.each(DIALECTS)('the outbox on %s', (dialect) => {
  let smtp: TestSmtp;
  let storage: Awaited<ReturnType<typeof createTestStorage>>;
  const workers: OutboxWorker[] = [];
  const worker = (backoffMs = () => 0) => {
    const made = new OutboxWorker(storage, smtpSender(smtp.url, FROM), {
      pollMs: 50,
      holdMs: 60_000,
      batch: 5,
      backoffMs,
      onError: (error) => {
        throw error;
      },
    });
    workers.push(made);
    return made;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    storage = await createTestStorage(dialect);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    smtp.received.length = 0;
    await storage.db.deleteFrom('outbox').execute();
  });
  afterAll(async () => {
    await smtp?.stop();
    await storage?.close();
  });

  it('delivers a message From the site with the visitor in Reply-To, then removes it', async () => {
    await enqueueMail(storage.db, message(1, { replyTo: 'visitor@example.net' }));
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(['owner1@example.org']);
    expect(mail?.envelopeFrom).toBe('no-reply@waymark.test');
    expect(mail?.headers.from).toBe('Waymark <no-reply@waymark.test>');
    expect(mail?.headers['reply-to']).toBe('visitor@example.net');
    expect(mail?.headers.subject).toBe('Message 1');
    expect(mail?.text).toContain('Body of message 1.');
    expect(mail?.html).toContain('<p>Body of message 1.</p>');
    expect(await waitingMail(storage)).toEqual([]);
  });

  it('writes a message only when the transaction that caused it commits', async () => {
    await storage.db
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, message(2));
        throw new Error('the cause failed');
      })
      .catch(() => undefined);
    await storage.db.transaction().execute(async (trx) => enqueueMail(trx, message(3)));
    expect((await waitingMail(storage)).map((m) => m.subject)).toEqual(['Message 3']);
  });

  it('keeps messages while the SMTP server is down and delivers them when it is back', async () => {
    await smtp.stop();
    await enqueueMail(storage.db, message(4));
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await waitingMail(storage);
    expect(waiting).toMatchObject({ subject: 'Message 4', attempts: 1 });
    expect(waiting?.last_error).not.toBe('');

    await smtp.start();
    w.start();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.headers.subject).toBe('Message 4');
    await w.stop();
    expect(await waitingMail(storage)).toEqual([]);
  });

  it('waits for the backoff before trying a failed message again', async () => {
    await smtp.stop();
    await enqueueMail(storage.db, message(5));
    const w = worker(() => 3_600_000);
    await w.runOnce();
    await smtp.start();
    // Not due for an hour: nothing is claimed or sent.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    await storage.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
  });

  it('takes over a claim whose holder died, and leaves a live claim alone', async () => {
    await enqueueMail(storage.db, message(6));
    await enqueueMail(storage.db, message(7));
    const past = new Date(Date.now() - 1_000).toISOString();
    const future = new Date(Date.now() + 600_000).toISOString();
    const [six, seven] = await storage.db.selectFrom('outbox').select('id').orderBy('id').execute();
    await storage.db
      .updateTable('outbox')
      .set({ claimed_by: 'dead-instance', claimed_until: past })
      .where('id', '=', six!.id)
      .execute();
    await storage.db
      .updateTable('outbox')
      .set({ claimed_by: 'live-instance', claimed_until: future })
      .where('id', '=', seven!.id)
      .execute();
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.headers.subject)).toEqual(['Message 6']);
    expect((await waitingMail(storage)).map((m) => m.subject)).toEqual(['Message 7']);
  });
});

describe('two instances on one PostgreSQL', () => {
  let smtp: TestSmtp;
  let first: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    first = await createTestApp('postgres', { env: { SMTP_URL: smtp.url, ...webDistEnv() } });
  });
  afterAll(async () => {
    await smtp?.stop();
    await first?.close();
  });

  it('send each message exactly once', async () => {
    const count = 40;
    await first.app.storage.db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n += 1) await enqueueMail(trx, message(100 + n));
    });
    const second = await buildApp({ config: first.config, logger: false });
    await second.ready();
    try {
      // Both instances' workers poll on their own; the test also drives passes on both at once.
      await Promise.all([first.app.outboxWorker!.runOnce(), second.outboxWorker!.runOnce()]);
      await smtp.waitFor(count);
    } finally {
      await second.close();
      await first.app.outboxWorker!.stop();
    }
    const subjects = smtp.received.map((m) => m.headers.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect(await waitingMail(first.app.storage)).toEqual([]);
  });
});
