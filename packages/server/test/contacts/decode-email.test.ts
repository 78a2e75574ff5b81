import { NONCE_ACTIONS, SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { startSession } from '../../src/plugins/session.js';
import { MAX_CONTACTS } from '../../src/contacts/decode.js';
import { CONTACT_PASS_COOKIE } from '../../src/contacts/pass.js';
import { ADDRESS_SHARE } from '../../src/contacts/reveal-limit.js';
import { checkJsKey } from '../../src/shield/check-js.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { personSignals } from '../support/shield-fields.js';
import { payingStepUp } from '../support/step-up.js';
import { DIALECTS } from '../support/storage.js';

const HARVEST = /[\w.+-]+@[\w-]+\.[\w.-]+|\+\d[\d\s]{7,}\d/;

describe.each(DIALECTS)('contact decoding on %s', (dialect) => {
  let t: TestApp;
  let sealed: string[];
  let ip = 0;
  const nextIp = () => `10.20.0.${(ip += 1)}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    sealed = ['info@example.com', '+44 20 7946 0123'].map((c) => t.app.contacts.cipher.seal(c));
  });
  afterAll(async () => t.close());

  const decode = (
    fields: Record<string, string>,
    options: { ip?: string; cookies?: Record<string, string>; rest?: boolean; userAgent?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: options.rest ? '/wp-json/cleantalk-antispam/v1/apbct_decode_email' : '/wp-admin/admin-ajax.php',
      payload: form(
        options.rest
          ? fields
          : { action: 'apbct_decode_email', _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''), ...fields },
      ),
      headers: {
        ...FORM_HEADERS,
        ...(options.rest ? { 'x-wp-nonce': t.app.nonces.create(NONCE_ACTIONS.rest, '') } : {}),
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
      remoteAddress: options.ip ?? '10.20.1.1',
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });
  const emails = (values: string[]) => JSON.stringify(Object.fromEntries(values.map((v, i) => [String(i), v])));

  it('answers empty input with data false', async () => {
    expect((await decode({ encodedEmails: '{}' })).json()).toEqual({ success: true, data: false });
  });

  it('refuses a script without a person’s signals, and reveals nothing', async () => {
    const res = await decode({ encodedEmails: emails(sealed), post_url: '/' }, { ip: nextIp(), rest: true });
    const body = res.json<{
      success: boolean;
      data: { is_allowed: boolean; decoded_email: string; encoded_email: string }[];
    }>();
    expect(body.success).toBe(true);
    expect(body.data.map((d) => d.is_allowed)).toEqual([false, false]);
    expect(body.data.map((d) => d.encoded_email)).toEqual(sealed);
    expect(res.body).not.toMatch(HARVEST);
    expect(res.headers['set-cookie']).toBeUndefined();
    const logged = await t.app.storage.db
      .selectFrom('spam_log')
      .selectAll()
      .where('form', '=', 'decode')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.allowed).toBe(0);
    expect(JSON.parse(logged.reasons)).toContain('no_javascript');
  });

  /** A token the bot detector issued against a person's signals, to this address. */
  const personToken = async (remoteAddress = '127.0.0.1', userAgent = 'lightMyRequest') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cleantalk-antispam/v1/waymark_bot_detector',
      headers: { 'x-wp-nonce': t.app.nonces.create(NONCE_ACTIONS.rest, ''), 'user-agent': userAgent },
      payload: { event_javascript_data: JSON.stringify(personSignals(t.app, Date.now(), 6_000)) },
      remoteAddress,
    });
    return res.json<{ event_token: string }>().event_token;
  };
  const lastDecodeLog = async () =>
    t.app.storage.db
      .selectFrom('spam_log')
      .selectAll()
      .where('form', '=', 'decode')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  // Issue 16: a token opens the decoder only when the bot detector issued it against a person's
  // signals; a token for anyone who asks (fetchEventToken without signals) no longer does.
  it('reveals every distinct contact to a visitor with a person’s event token, once each', async () => {
    const token = await personToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form({
        action: 'apbct_decode_email',
        _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''),
        encodedEmails: emails([sealed[0]!, sealed[1]!, sealed[0]!]),
        event_token: token,
      }),
      headers: FORM_HEADERS,
      remoteAddress: '127.0.0.1',
    });
    const body = res.json<{
      data: { is_allowed: boolean; decoded_email: string; comment: string; show_comment: boolean }[];
    }>();
    expect(body.data).toEqual([
      {
        is_allowed: true,
        show_comment: false,
        comment: 'Allowed',
        encoded_email: sealed[0],
        decoded_email: 'info@example.com',
      },
      {
        is_allowed: true,
        show_comment: false,
        comment: 'Allowed',
        encoded_email: sealed[1],
        decoded_email: '+44 20 7946 0123',
      },
    ]);
    // The pass names the two contacts revealed (keyed hashes), signed.
    expect(String(res.headers['set-cookie'])).toMatch(
      new RegExp(`^${CONTACT_PASS_COOKIE}=\\d{10}\\.[0-9a-f]{12}-[0-9a-f]{12}\\.[0-9a-f]{40};.*HttpOnly`),
    );
  });

  it('reveals contacts to a visitor whose page signals show a person', async () => {
    const signals = personSignals(t.app, Date.now(), 6_000);
    const res = await decode(
      { encodedEmails: emails([sealed[0]!]), event_javascript_data: JSON.stringify(signals) },
      { ip: nextIp() },
    );
    expect(res.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(true);
  });

  it('refuses a headless page even with its signals', async () => {
    const signals = { ...personSignals(t.app, Date.now(), 6_000), [SIGNAL.headless]: true };
    const res = await decode(
      { encodedEmails: emails([sealed[0]!]), event_javascript_data: JSON.stringify(signals) },
      { ip: nextIp() },
    );
    expect(res.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(false);
  });

  it('always reveals contacts to a signed-in user', async () => {
    await ensureAdministrator(t.app.storage, { email: 'admin@waymark.test', password: 'decode-admin-pass' });
    const user = await t.app.storage.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const { token } = await startSession(t.app.storage, user.id, 1);
    const session = await t.app.storage.db
      .selectFrom('sessions')
      .select('id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form({
        action: 'apbct_decode_email',
        _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, session.id),
        encodedEmails: emails([sealed[1]!]),
      }),
      headers: FORM_HEADERS,
      cookies: { waymark_session: token },
    });
    expect(res.json<{ data: { decoded_email: string }[] }>().data[0]?.decoded_email).toBe('+44 20 7946 0123');
  });

  it('reveals nothing for a forged or altered string', async () => {
    const token = await personToken();
    const forged = `${sealed[0]!.slice(0, -3)}AAA`;
    const res = await decode(
      { encodedEmails: emails([forged, 'not-sealed']), event_token: token },
      { ip: '127.0.0.1' },
    );
    const body = res.json<{ data: { is_allowed: boolean; decoded_email: string }[] }>();
    expect(body.data.map((d) => [d.is_allowed, d.decoded_email])).toEqual([
      [false, ''],
      [false, ''],
    ]);
  });

  // Issue 16: a whole page is answered at once, but only a person's share (30 an hour by
  // default) is revealed; before, all 300 were.
  it("answers a whole page's contacts at once, reveals a person's share, and refuses more than any page shows", async () => {
    const address = nextIp();
    const token = await personToken(address);
    const page = Array.from({ length: 300 }, (_, i) =>
      t.app.contacts.cipher.seal(`+44 20 7946 ${String(i).padStart(4, '0')}`),
    );
    const res = await decode({ encodedEmails: emails(page), event_token: token }, { ip: address });
    const data = res.json<{ data: { is_allowed: boolean; comment: string }[] }>().data;
    expect(data).toHaveLength(300);
    expect(data.filter((d) => d.is_allowed)).toHaveLength(30);
    expect(data.slice(0, 30).every((d) => d.is_allowed)).toBe(true);
    // The refusal says what to do and when the share comes back.
    expect(data[30]?.is_allowed).toBe(false);
    expect(data[30]?.comment).toMatch(/More open in (a minute|\d+ minutes); signed-in members have no limit\.$/);
    const pass = /waymark_contacts=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    // What the pass holds is free again; anything new is not, from this visitor or this address.
    const again = await decode(
      { encodedEmails: emails([page[0]!, page[40]!]), event_token: token },
      { ip: address, cookies: { [CONTACT_PASS_COOKIE]: pass } },
    );
    expect(again.json<{ data: { is_allowed: boolean }[] }>().data.map((d) => d.is_allowed)).toEqual([true, false]);
    const tooMany = Array.from({ length: MAX_CONTACTS + 1 }, (_, i) => `x${i}`.padEnd(44, 'A'));
    const refused = await decode({ encodedEmails: emails(tooMany), event_token: token }, { ip: '127.0.0.1' });
    expect(refused.json<{ data: { comment: string }[] }>().data[0]?.comment).toBe('Too many contacts in one request.');
  });

  // Issue 27: a second visitor behind the same address (an office, a family) has a share of its own.
  it('gives each visitor behind one address a share, and the address many shares', async () => {
    const address = nextIp();
    const page = Array.from({ length: 30 * ADDRESS_SHARE + 5 }, (_, i) =>
      t.app.contacts.cipher.seal(`+44 20 7000 ${String(i).padStart(4, '0')}`),
    );
    const revealedBy = async (browser: number, contacts: string[]) => {
      const userAgent = `Browser/${browser}`;
      const event_token = await personToken(address, userAgent);
      const res = await decode({ encodedEmails: emails(contacts), event_token }, { ip: address, userAgent });
      return res.json<{ data: { is_allowed: boolean }[] }>().data.filter((d) => d.is_allowed).length;
    };
    const shares = [];
    for (let browser = 0; browser <= ADDRESS_SHARE; browser++) {
      shares.push(await revealedBy(browser, page.slice(browser * 30, browser * 30 + 30)));
    }
    // Ten visitors reveal their thirty each; the eleventh finds the address's share spent.
    expect(shares).toEqual([...Array<number>(ADDRESS_SHARE).fill(30), 0]);
  });

  // Issue 27: a doubted visitor (a tap with no path before it) pays the puzzle, never a dead end.
  it('asks a visitor it only doubts for the puzzle, and reveals once it is paid', async () => {
    const address = nextIp();
    const signals = JSON.stringify({ [SIGNAL.checkJs]: checkJsKey(t.app.shield.keys), [SIGNAL.scrolled]: true });
    const { first, res, puzzle } = await payingStepUp((extra = {}) =>
      decode({ encodedEmails: emails([sealed[1]!]), event_javascript_data: signals, ...extra }, { ip: address }),
    );
    expect(first.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(false);
    expect(first.body).not.toMatch(HARVEST);
    expect(puzzle?.maxnumber).toBe(1_000);
    expect(res.json<{ data: { decoded_email: string }[] }>().data[0]?.decoded_email).toBe('+44 20 7946 0123');
    // The answer is good once, for this visitor and page.
    const again = await decode(
      { encodedEmails: emails([sealed[0]!]), event_javascript_data: signals, waymark_pow: 'x' },
      { ip: nextIp() },
    );
    expect(again.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(false);
    // A replayed page is tampering, not doubt: no puzzle buys it.
    expect(JSON.parse((await lastDecodeLog()).reasons)).toContain('signals_replayed');
    expect(again.body).not.toContain('waymark_step_up');
  });

  it('refuses made-up flags with a real page key: no behaviour, and a token issued against them opens nothing', async () => {
    const address = nextIp();
    const flags = {
      [SIGNAL.checkJs]: checkJsKey(t.app.shield.keys),
      [SIGNAL.mouseMoved]: true,
      [SIGNAL.scrolled]: true,
    };
    const res = await decode(
      { encodedEmails: emails(sealed), event_javascript_data: JSON.stringify(flags) },
      { ip: address },
    );
    expect(res.json<{ data: { is_allowed: boolean }[] }>().data.map((d) => d.is_allowed)).toEqual([false, false]);
    expect(JSON.parse((await lastDecodeLog()).reasons)).toEqual(['no_behaviour']);
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cleantalk-antispam/v1/waymark_bot_detector',
      headers: { 'x-wp-nonce': t.app.nonces.create(NONCE_ACTIONS.rest, '') },
      payload: { event_javascript_data: JSON.stringify(flags) },
      remoteAddress: address,
    });
    const token = tokenRes.json<{ event_token: string }>().event_token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const withToken = await decode({ encodedEmails: emails(sealed), event_token: token }, { ip: address });
    expect(withToken.json<{ data: { is_allowed: boolean }[] }>().data.map((d) => d.is_allowed)).toEqual([false, false]);
    expect(withToken.body).not.toMatch(HARVEST);
  });

  it('refuses a person’s signals transplanted to another client: a reason of its own', async () => {
    const signals = JSON.stringify(personSignals(t.app, Date.now(), 6_000));
    const first = await decode(
      { encodedEmails: emails([sealed[0]!]), event_javascript_data: signals },
      { ip: nextIp() },
    );
    expect(first.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(true);
    const copied = await decode(
      { encodedEmails: emails([sealed[0]!]), event_javascript_data: signals },
      { ip: nextIp() },
    );
    expect(copied.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(false);
    expect(JSON.parse((await lastDecodeLog()).reasons)).toEqual(['signals_replayed']);
  });

  it('treats event_token=false or empty as missing, not forged', async () => {
    for (const event_token of ['false', '']) {
      // Fresh signals each time: one page's signals belong to one client.
      const signals = JSON.stringify(personSignals(t.app, Date.now(), 6_000));
      const res = await decode(
        { encodedEmails: emails([sealed[1]!]), event_token, event_javascript_data: signals },
        { ip: nextIp() },
      );
      expect(res.json<{ data: { is_allowed: boolean }[] }>().data[0]?.is_allowed).toBe(true);
    }
  });

  it('limits decoding per client', async () => {
    const address = nextIp();
    let last: { data: { is_allowed: boolean; comment: string }[] } | undefined;
    for (let i = 0; i < 21; i += 1)
      last = (await decode({ encodedEmails: emails([sealed[0]!]) }, { ip: address })).json();
    expect(last?.data[0]).toMatchObject({ is_allowed: false, comment: 'Too many requests. Please wait a minute.' });
  });

  it('answers a malformed request in the protocol’s shape', async () => {
    const res = await decode({ encodedEmails: '{not json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});
