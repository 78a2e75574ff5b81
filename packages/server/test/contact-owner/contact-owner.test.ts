import {
  accountsSettings,
  DIRECTORY_TEXTS,
  NONCE_ACTIONS,
  SIGNAL,
  HELD_TEXT,
  shieldSettings,
  STEP_UP_ANSWER,
  STEP_UP_FIELD,
} from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createHash } from 'node:crypto';
import { bootstrap } from '../support/demo-site.js';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { waitingMail } from '../../src/mail/index.js';
import { readSetting, writeSetting } from '../../src/settings/store.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { payingStepUp, solvePuzzle } from '../support/step-up.js';
import type { Challenge } from '../../src/shield/proof-of-work.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { DIALECTS } from '../support/storage.js';
import { webDistEnv } from '../mail/env.js';
import { startTestSmtp, type TestSmtp } from '../mail/smtp.js';

const AJAX = '/wp-admin/admin-ajax.php';
/** Nonces of a signed-in visitor are bound to the session row's id, the SHA-256 of the cookie. */
const sessionRowId = (token: string) => createHash('sha256').update(token).digest('hex');
const OWNER = 'owner@bakery.example';
const MESSAGE = {
  name: 'Ada <b>Visitor</b>',
  email: 'ada@example.org',
  to: 'attacker@evil.example',
  subject: 'Opening hours',
  message: 'Are you open on Sunday?\n\n<script>alert(1)</script>',
  sbd_email_title: 'Bakery',
  sbd_email_subtitle: '',
};

describe.each(DIALECTS)('contacting an owner on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let dns: TestDnsServer;
  let itemId: number;
  let silentItemId: number;
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `198.51.${(clients += 1)}.7`, 'user-agent': 'Mozilla/5.0 test' });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Senders' domains take mail; nomail.example exists but takes none.
    dns = await startDnsServer({ 'example.org': { mx: ['mx.example.org'] }, 'nomail.example': {} });
    t = await createTestApp(dialect, {
      env: {
        SEED_DEMO: 'true',
        SEED_ITEMS: '6',
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: '500',
        DNS_CANARY: 'example.org',
        ...webDistEnv(),
      },
    });
    await bootstrap(t.app.storage, t.config, () => {});
    const [first, second] = await t.app.storage.db.selectFrom('items').select('id').orderBy('id').limit(2).execute();
    itemId = first!.id;
    silentItemId = second!.id;
    await t.app.storage.db.updateTable('items').set({ owner_email: OWNER }).where('id', '=', itemId).execute();
    await t.app.storage.db.updateTable('items').set({ owner_email: '' }).where('id', '=', silentItemId).execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
    await dns?.close();
  });

  const cookieOf = (res: { cookies: { name: string; value: string }[] }, prefix: string) => {
    const found = res.cookies.find((c) => c.name.startsWith(prefix));
    return found ? `${found.name}=${found.value}` : '';
  };
  const captchaFor = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({ action: 'waymark_contact_captcha_change' }),
    });
    const { code } = res.json() as { code: string };
    return { ccaptcha: code, captcha: t.app.captchaKeys.answer(code.split('.')[0] ?? '') };
  };
  /** Sends the popup form as a person's browser does; `data` replaces fields of the message. */
  const send = async (
    data: Record<string, string> = {},
    options: {
      headers?: Record<string, string>;
      item?: number;
      shield?: boolean;
      captcha?: boolean;
      session?: string;
      signals?: Record<string, unknown>;
      ageMs?: number;
      /** Sees the whole reply, for its cookies. */
      reply?: (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) => void;
      /** Pay a step-up's puzzle and send again, as the page does (the default). */
      pay?: boolean;
    } = {},
  ) => {
    const headers = {
      ...(options.headers ?? client()),
      ...(options.session ? { cookie: `${SESSION_COOKIE}=${options.session}` } : {}),
    };
    const captcha = options.captcha === false ? {} : await captchaFor(headers);
    const payload = {
      action: 'qcld_pd_send_visitors_email',
      security: t.app.nonces.create(NONCE_ACTIONS.directory, options.session ? sessionRowId(options.session) : ''),
      post_id: String(options.item ?? itemId),
      data: JSON.stringify({ ...MESSAGE, ...captcha, ...data }),
      ...(options.shield === false
        ? {}
        : await shieldFields(t.app, { headers, signals: options.signals, ageMs: options.ageMs })),
    };
    const post = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: { ...FORM_HEADERS, ...headers },
        payload: form({ ...payload, ...extra }),
      });
    const res = options.pay === false ? await post() : (await payingStepUp(post)).res;
    options.reply?.(res);
    return res.json() as { status: boolean; message: string };
  };

  it('sends the owner the message, From the site with the visitor in Reply-To, never to the request’s `to`', async () => {
    const answer = await send();
    expect(answer).toEqual({ status: true, message: 'Your message has been sent.' });
    // The worker polls on its own too; either way the message arrives once.
    await t.app.outboxWorker!.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual([OWNER]);
    expect(mail?.headers.to).toBe(OWNER);
    expect(mail?.headers.from).toBe('Waymark <no-reply@waymark.test>');
    expect(mail?.headers['reply-to']).toBe('ada@example.org');
    expect(JSON.stringify(smtp.received)).not.toContain('attacker@evil.example');
    expect(mail?.text).toContain('> Are you open on Sunday?');
    // The visitor's strings are escaped in the HTML part.
    expect(mail?.html).toContain('Ada &lt;b&gt;Visitor&lt;/b&gt;');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  /** The picture on every message, as a site that asks always has it (the default asks in doubt). */
  const pictureAlways = async () => {
    await writeSetting(t.app.storage, accountsSettings, { captcha: { contactOwner: 'always' } });
    onTestFinished(async () => void (await writeSetting(t.app.storage, accountsSettings, {})));
  };

  it('refuses a missing field with the form’s own alert', async () => {
    await pictureAlways();
    expect(await send({ name: ' ' })).toEqual({ status: false, message: DIRECTORY_TEXTS.email.name });
    expect(await send({ email: '' })).toEqual({ status: false, message: DIRECTORY_TEXTS.email.email });
    expect(await send({ subject: '' })).toEqual({ status: false, message: DIRECTORY_TEXTS.email.subject });
    expect(await send({ message: '' })).toEqual({ status: false, message: DIRECTORY_TEXTS.email.message });
    expect(await send({}, { captcha: false })).toEqual({ status: false, message: DIRECTORY_TEXTS.email.captcha });
  });

  it('refuses a wrong captcha, and a right one used a second time', async () => {
    await pictureAlways();
    const wrong = await send({ captcha: 'zzzzz' });
    expect(wrong.status).toBe(false);
    expect(wrong.message).toMatch(/do not match the picture/);

    const headers = client();
    const captcha = await captchaFor(headers);
    expect((await send(captcha, { headers })).status).toBe(true);
    const again = await send(captcha, { headers });
    expect(again.status).toBe(false);
    expect(again.message).toMatch(/expired or was used already/);
  });

  it('refuses a throwaway sender address, a domain that takes no mail, an item without an owner address and an unknown item', async () => {
    const throwaway = await send({ email: 'someone@mailinator.com' });
    expect(throwaway).toEqual({
      status: false,
      message: 'Addresses at mailinator.com are disposable and are not accepted.',
    });
    const noMail = await send({ email: 'someone@nomail.example' });
    expect(noMail.status).toBe(false);
    expect(noMail.message).toMatch(/^The domain nomail\.example cannot receive e-mail\./);
    expect(await send({}, { item: silentItemId })).toEqual({
      status: false,
      message: 'This listing does not take messages through the site.',
    });
    expect(await send({}, { item: 999_999 })).toEqual({ status: false, message: 'This listing could not be found.' });
  });

  it('refuses a member whose address is not confirmed yet', async () => {
    const { id } = await t.app.storage.db
      .insertInto('users')
      .values({
        email: `new${dialect}@example.org`,
        name: 'New',
        password_hash: 'unused',
        role: 'subscriber',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await startSession(t.app.storage, id, 1);
    expect(await send({}, { session: token })).toEqual({
      status: false,
      message: 'Please confirm your e-mail address first: open the link we sent you when you made your account.',
    });
  });

  it('blocks a message the spam shield does not pass', async () => {
    const before = (await waitingMail(t.app.storage)).length;
    const res = await send({}, { shield: false });
    expect(res).toMatchObject({ apbct: { blocked: true } });
    expect((await waitingMail(t.app.storage)).length).toBe(before);
  });

  it('holds the per-sender, per-address and per-item limits', async () => {
    await writeSetting(t.app.storage, accountsSettings, {
      contactPerSenderPerDay: 1,
      contactPerAddressPerHour: 2,
      contactPerItemPerDay: 100,
    });
    try {
      expect((await send({ email: 'once@example.org' })).status).toBe(true);
      expect(await send({ email: 'once@example.org' })).toEqual({
        status: false,
        message: 'This e-mail address has sent as many messages as it may today. Please try again tomorrow.',
      });
      const headers = client();
      expect((await send({ email: 'a1@example.org' }, { headers })).status).toBe(true);
      expect((await send({ email: 'a2@example.org' }, { headers })).status).toBe(true);
      expect(await send({ email: 'a3@example.org' }, { headers })).toEqual({
        status: false,
        message: 'You have sent too many messages in the last hour. Please try again later.',
      });
      // Issue 33: the address's hour, whatever user agent it sends (it counted address and agent).
      // Posts free of the puzzle's volume price here: the limit is what is counted.
      const shield = await readSetting(t.app.storage, shieldSettings);
      await writeSetting(t.app.storage, shieldSettings, { ...shield, freePostsPerHour: 1_000 });
      await t.app.shield.reloadSettings();
      onTestFinished(async () => {
        await writeSetting(t.app.storage, shieldSettings, shield);
        await t.app.shield.reloadSettings();
      });
      const address = client();
      const sent = [];
      for (let agent = 0; agent < 20; agent++) {
        const headers = { ...address, 'user-agent': `Mozilla/5.0 (agent ${agent})` };
        sent.push((await send({ email: `ua${agent}@example.org` }, { headers })).status);
      }
      expect(sent.filter(Boolean)).toHaveLength(2);
      await writeSetting(t.app.storage, accountsSettings, { contactPerItemPerDay: 1 });
      expect((await send({ email: 'late@example.org' })).message).toBe(
        'This listing has received as many messages as it may today. Please try again tomorrow.',
      );
    } finally {
      await writeSetting(t.app.storage, accountsSettings, {});
    }
  });

  it('asks for the captcha only when the shield is in doubt, when the form says so', async () => {
    await writeSetting(t.app.storage, accountsSettings, { captcha: { contactOwner: 'when-in-doubt' } });
    try {
      // A visitor the shield is sure of sees no picture (the change call answers none) and needs none.
      const sure = client();
      expect((await captchaFor(sure)).ccaptcha).toBe('');
      expect((await send({ email: 'sure@example.org' }, { headers: sure, captcha: false })).status).toBe(true);
      // An automated browser is a doubt, not a block: it is asked for the captcha,
      // and from then on the change call shows this visitor a picture (the step-up).
      const doubt = { signals: { [SIGNAL.headless]: true } };
      const doubted = client();
      let note = '';
      const asked = await send(
        { email: 'doubt@example.org' },
        {
          headers: doubted,
          captcha: false,
          ...doubt,
          reply: (res) => (note = cookieOf(res, 'waymark_captcha_doubt_')),
        },
      );
      expect(asked).toEqual({ status: false, message: DIRECTORY_TEXTS.email.captcha });
      expect(note).not.toBe('');
      const withNote = { ...doubted, cookie: note };
      expect((await captchaFor(withNote)).ccaptcha).not.toBe('');
      // The note is this visitor's: another one still gets no picture with it.
      expect((await captchaFor({ ...client(), cookie: note })).ccaptcha).toBe('');
      expect((await send({ email: 'doubt@example.org' }, { headers: withNote, ...doubt })).status).toBe(true);
    } finally {
      await writeSetting(t.app.storage, accountsSettings, {});
    }
  });

  it('asks for no captcha when the form’s captcha is off, and shows no picture', async () => {
    await writeSetting(t.app.storage, accountsSettings, { captcha: { contactOwner: 'off' } });
    try {
      const change = await t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: FORM_HEADERS,
        payload: form({ action: 'waymark_contact_captcha_change' }),
      });
      expect(change.json()).toEqual({ url: '', code: '' });
      expect((await send({ email: 'nocaptcha@example.org' }, { captcha: false })).status).toBe(true);
    } finally {
      await writeSetting(t.app.storage, accountsSettings, {});
    }
  });

  it('with the captcha off, asks a doubt for the puzzle: sent once paid, unless the doubt outlives it', async () => {
    await writeSetting(t.app.storage, accountsSettings, { captcha: { contactOwner: 'off' } });
    try {
      const headers = client();
      const fields = form({
        action: 'qcld_pd_send_visitors_email',
        security: t.app.nonces.create(NONCE_ACTIONS.directory, ''),
        post_id: String(itemId),
        data: JSON.stringify({ ...MESSAGE, email: 'puzzled@example.org' }),
        // A hurried post: a doubt the puzzle answers.
        ...(await shieldFields(t.app, { headers, ageMs: 1_500 })),
      });
      const post = (payload: string) =>
        t.app.inject({ method: 'POST', url: AJAX, headers: { ...FORM_HEADERS, ...headers }, payload });
      const asked = (await post(fields)).json() as Record<string, unknown>;
      // The original page script reads it as a block ("one more moment"); the page layer solves it.
      expect(asked).toMatchObject({ apbct: { blocked: true } });
      const challenge = asked[STEP_UP_ANSWER] as Challenge;
      expect(challenge).toMatchObject({ algorithm: 'PBKDF2-SHA-256' });
      const answer = `${fields}&${STEP_UP_FIELD}=${encodeURIComponent(solvePuzzle(challenge))}`;
      expect((await post(answer)).json()).toMatchObject({ status: true });
      // A browser that says it is automated pays, and is still one: with no captcha to ask, refused.
      const automated = await send({ email: 'automated@example.org' }, { signals: { [SIGNAL.headless]: true } });
      expect(automated).toMatchObject({ apbct: { blocked: true, comment: HELD_TEXT } });
    } finally {
      await writeSetting(t.app.storage, accountsSettings, {});
    }
  });
});
