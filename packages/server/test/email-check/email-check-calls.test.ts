import { NONCE_ACTIONS } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { DIALECTS } from '../support/storage.js';

describe.each(DIALECTS)('e-mail check calls on %s', (dialect) => {
  let dns: TestDnsServer;
  let t: TestApp;

  beforeAll(async () => {
    dns = await startDnsServer({ 'mail.example': { mx: ['mx.mail.example'] }, 'broken.example': { fail: true } });
    // The loopback server knows mail.example, so it counts as a resolver that works.
    t = await createTestApp(dialect, {
      env: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '300', DNS_CANARY: 'mail.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const ajax = (fields: Record<string, string>, ip = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form({ _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, ''), ...fields }),
      headers: FORM_HEADERS,
      remoteAddress: ip,
    });
  const rest = (route: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/wp-json/cleantalk-antispam/v1/${route}`,
      payload: form(fields),
      headers: { ...FORM_HEADERS, 'x-wp-nonce': t.app.nonces.create(NONCE_ACTIONS.rest, '') },
      remoteAddress: '10.9.0.2',
    });

  it('answers the check before post in the exact shape', async () => {
    const res = await ajax({ action: 'apbct_email_check_before_post', email: 'a@mail.example' });
    expect(res.json()).toEqual({ result: { 'a@mail.example': { result: 'EXISTS' } } });
    const bad = await rest('check_email_before_post', { email: 'a@nowhere.example' });
    expect(bad.json()).toEqual({ result: { 'a@nowhere.example': { result: 'MX_FAIL' } } });
    expect((await rest('check_email_before_post', { email: '' })).json()).toEqual({ error: 'EMPTY_DATA' });
  });

  it('answers the exists check with the hover text', async () => {
    const res = await rest('check_email_exist_post', { email: 'a@mail.example' });
    expect(res.json()).toEqual({ result: { result: 'EXISTS', text_result: 'The address looks deliverable.' } });
    const unknown = await rest('check_email_exist_post', { email: 'a@broken.example' });
    expect(unknown.json()).toMatchObject({ result: { result: 'MX_ERROR' } });
  });

  it('limits checks per client', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push(
        (await ajax({ action: 'apbct_email_check_before_post', email: `u${i}@mail.example` }, '10.9.9.9')).json(),
      );
    }
    expect(answers[29]).toHaveProperty('result');
    expect(answers[30]).toEqual({ error: 'ERROR_CHECKING_EMAIL' });
  });
});
