import { NONCE_ACTIONS, SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { startSession } from '../../src/plugins/session.js';
import { MAX_CONTACTS } from '../../src/contacts/decode.js';
import { CONTACT_PASS_COOKIE } from '../../src/contacts/pass.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { fetchEventToken, personSignals } from '../support/shield-fields.js';
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
    options: { ip?: string; cookies?: Record<string, string>; rest?: boolean } = {},
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

  it('reveals every distinct contact to a visitor with a valid event token, once each', async () => {
    const token = await fetchEventToken(t.app, {});
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
    expect(String(res.headers['set-cookie'])).toMatch(
      new RegExp(`^${CONTACT_PASS_COOKIE}=\\d{10}\\.[0-9a-f]{40};.*HttpOnly`),
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
    const token = await fetchEventToken(t.app, {});
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

  it("decodes a whole page's contacts at once, and refuses more than any page shows", async () => {
    const token = await fetchEventToken(t.app, {});
    const page = Array.from({ length: 300 }, (_, i) =>
      t.app.contacts.cipher.seal(`+44 20 7946 ${String(i).padStart(4, '0')}`),
    );
    const res = await decode({ encodedEmails: emails(page), event_token: token }, { ip: '127.0.0.1' });
    const data = res.json<{ data: { is_allowed: boolean }[] }>().data;
    expect(data).toHaveLength(300);
    expect(data.every((d) => d.is_allowed)).toBe(true);
    const tooMany = Array.from({ length: MAX_CONTACTS + 1 }, (_, i) => `x${i}`.padEnd(44, 'A'));
    const refused = await decode({ encodedEmails: emails(tooMany), event_token: token }, { ip: '127.0.0.1' });
    expect(refused.json<{ data: { comment: string }[] }>().data[0]?.comment).toBe('Too many contacts in one request.');
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
