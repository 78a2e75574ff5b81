import { accountsSettings, defineCall } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CAPTCHA_FORMS, checkCaptcha } from '../../src/captcha/index.js';
import { writeSetting } from '../../src/settings/store.js';
import { visitorHash } from '../../src/shield/index.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { webDistEnv } from '../mail/env.js';

const AJAX = '/wp-admin/admin-ajax.php';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140' };

// A call that only checks a captcha reply, so the check is tested apart from any form.
const tryCaptcha = defineCall({
  name: 'test_try_captcha',
  description: 'test only',
  access: 'public',
  ajax: { action: 'test_try_captcha', answer: 'json' },
  request: z.object({ form: z.enum(CAPTCHA_FORMS), code: z.string(), answer: z.string() }),
  response: z.object({ result: z.string() }),
});

describe('captchas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: webDistEnv(),
      registerCalls: (calls) =>
        calls.handle(tryCaptcha, async ({ form: which, code, answer }, { request }) => ({
          result: await checkCaptcha(request, which, { code, answer }),
        })),
    });
    // The pictures on every form, as a site that asks always has them.
    const captcha = { registration: 'always', signIn: 'always', contactOwner: 'always' } as const;
    await writeSetting(t.app.storage, accountsSettings, { captcha });
  });
  afterAll(async () => t?.close());

  const call = (fields: Record<string, string>, headers: Record<string, string> = BROWSER) =>
    t.app.inject({ method: 'POST', url: AJAX, headers: { ...FORM_HEADERS, ...headers }, payload: form(fields) });
  const change = async (action: string) => (await call({ action })).json() as { url: string; code: string };
  const answerOf = (code: string) => t.app.captchaKeys.answer(code.split('.')[0] ?? '');
  const attempt = async (which: string, code: string, answer: string, headers?: Record<string, string>) =>
    ((await call({ action: 'test_try_captcha', form: which, code, answer }, headers)).json() as { result: string })
      .result;

  it('answers the register and login changes with a picture address and an opaque code', async () => {
    for (const action of ['qcld_sbd_register_captcha_change', 'qcld_sbd_login_captcha_change']) {
      const res = await call({ action });
      expect(res.statusCode).toBe(200);
      const { url, code } = res.json() as { url: string; code: string };
      expect(url).toMatch(/^\/waymark\/captcha\.png\?code=/);
      expect(code.toLowerCase()).not.toContain(answerOf(code));
      const image = await t.app.inject({ url, headers: BROWSER });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('no-store');
      // Pixels: nothing in its source names the answer (the readers' test measures the rest).
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(image.rawPayload.toString('latin1')).not.toContain(answerOf(code));
    }
  });

  it('draws a picture only for the visitor it was made for', async () => {
    const { url } = await change('qcld_sbd_login_captcha_change');
    const elsewhere = await t.app.inject({ url, headers: { 'user-agent': 'curl/8' } });
    expect(elsewhere.statusCode).toBe(404);
    const forged = await t.app.inject({ url: `${url.slice(0, -3)}AAA`, headers: BROWSER });
    expect(forged.statusCode).toBe(404);
  });

  it('accepts the right answer once, in any case, and refuses the same code again', async () => {
    const { code } = await change('qcld_sbd_register_captcha_change');
    expect(await attempt('registration', code, answerOf(code).toUpperCase())).toBe('ok');
    expect(await attempt('registration', code, answerOf(code))).toBe('expired');
  });

  it('spends a code on a wrong answer too', async () => {
    const { code } = await change('qcld_sbd_register_captcha_change');
    expect(await attempt('registration', code, 'zzzzz')).toBe('wrong');
    expect(await attempt('registration', code, answerOf(code))).toBe('expired');
  });

  it('refuses a code made for another form or another visitor, and a missing reply', async () => {
    const login = await change('qcld_sbd_login_captcha_change');
    expect(await attempt('registration', login.code, answerOf(login.code))).toBe('expired');
    expect(await attempt('sign-in', login.code, answerOf(login.code), { 'user-agent': 'curl/8' })).toBe('expired');
    expect(await attempt('sign-in', login.code, '')).toBe('missing');
    expect(await attempt('sign-in', login.code, answerOf(login.code))).toBe('ok');
  });

  it('refuses a code whose time ran out, and one whose expiry was edited', async () => {
    const visitor = visitorHash(t.app.shield.keys, { ip: '127.0.0.1', headers: BROWSER } as unknown as FastifyRequest);
    const lapsed = t.app.captchaKeys.issue('sign-in', visitor, Date.now() - 11 * 60_000).code;
    expect(await attempt('sign-in', lapsed, answerOf(lapsed))).toBe('expired');

    const { code } = await change('qcld_sbd_login_captcha_change');
    const [id, index, expiry = '', mac] = code.split('.');
    const longer = [id, index, (parseInt(expiry, 36) + 3_600_000).toString(36), mac].join('.');
    expect(await attempt('sign-in', longer, answerOf(longer))).toBe('expired');
  });
});
