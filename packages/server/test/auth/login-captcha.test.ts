import { accountsSettings, HELD_TEXT, NONCE_ACTIONS, SIGNAL, STEP_UP_FIELD, type CaptchaMode } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { CAPTCHA_LIFETIME_MS } from '../../src/captcha/index.js';
import { writeSetting } from '../../src/settings/store.js';
import { visitorHash } from '../../src/shield/index.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { payingStepUp, solvePuzzle, stepUpPageChallenge } from '../support/step-up.js';
import { webDistEnv } from '../mail/env.js';
import { answerLoginCaptcha } from './login-captcha.js';

const EMAIL = 'admin@waymark.test';
const PASSWORD = 'the-admin-password';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140';
const AJAX = '/wp-admin/admin-ajax.php';
const WRONG = 'The e-mail address or password is incorrect.';

describe('the sign-in captcha', () => {
  let t: TestApp;
  let clients = 0;
  /** Each attempt its own client, so the per-address sign-in limit stays out of the way. */
  const client = () => {
    clients += 1;
    return { ip: `192.0.2.${clients}`, headers: { 'x-forwarded-for': `192.0.2.${clients}`, 'user-agent': BROWSER } };
  };
  type Client = ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: 'true', ...webDistEnv() } });
    await ensureAdministrator(t.app.storage, { email: EMAIL, password: PASSWORD });
  });
  afterEach(async () => writeSetting(t.app.storage, accountsSettings, {}));
  afterAll(async () => t?.close());

  const setMode = (signIn: CaptchaMode) => writeSetting(t.app.storage, accountsSettings, { captcha: { signIn } });
  const page = async (who: Client) => (await t.app.inject({ url: '/login', headers: who.headers })).body;
  // A doubt, not a block: an automated browser that posted a little quickly.
  const DOUBT = { ageMs: 1_500, signals: { [SIGNAL.headless]: true } };
  const post = async (
    who: Client,
    fields: Record<string, string>,
    shield: { ageMs?: number; signals?: Record<string, unknown> } = {},
    cookies: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...FORM_HEADERS, ...who.headers },
      cookies,
      payload: form({
        _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
        ...(await shieldFields(t.app, { headers: who.headers, ...shield })),
        email: EMAIL,
        password: PASSWORD,
        ...fields,
      }),
    });
  const signedIn = (res: { statusCode: number; headers: Record<string, unknown> }) =>
    res.statusCode === 303 && String(res.headers['set-cookie']).includes('waymark_session=');
  const change = async (who: Client, cookies: Record<string, string> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: { ...FORM_HEADERS, ...who.headers },
        cookies,
        payload: form({ action: 'qcld_sbd_login_captcha_change' }),
      })
    ).json() as { url: string; code: string };

  // Issue 27: a picture on every sign-in by default, though the shield was sure of the visitor.
  it('shows no picture by default; set to always, a picture, its reload button and the hidden code', async () => {
    expect(answerLoginCaptcha(await page(client()), t.app.captchaKeys).ccaptcha).toBe('');
    await setMode('always');
    const html = await page(client());
    expect(html).toMatch(/<img src="\/waymark\/captcha\.png\?code=[^"]+" alt="Captcha/);
    expect(html).toContain('New picture');
    expect(answerLoginCaptcha(html, t.app.captchaKeys).ccaptcha).toMatch(/^[\w-]{16}\.1\./);
  });

  it('refuses a missing, wrong, reused, expired or another form’s captcha before the password is tried', async () => {
    await setMode('always');
    const who = client();
    const missing = await post(who, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Please type the characters shown in the picture.');
    // The refusal shows a new picture.
    expect(answerLoginCaptcha(missing.body, t.app.captchaKeys).ccaptcha).not.toBe('');

    const right = answerLoginCaptcha(await page(who), t.app.captchaKeys);
    const wrong = await post(who, { ...right, captcha: 'zzzzz', password: 'wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('do not match the picture');
    expect(wrong.body).not.toContain(WRONG);

    const once = answerLoginCaptcha(await page(who), t.app.captchaKeys);
    expect(signedIn(await post(who, once))).toBe(true);
    const reused = await post(who, once);
    expect([reused.statusCode, reused.body.includes('used already')]).toEqual([400, true]);

    const visitor = visitorHash(t.app.shield.keys, { ip: who.ip, headers: who.headers } as unknown as FastifyRequest);
    const lapsed = t.app.captchaKeys.issue('sign-in', visitor, Date.now() - CAPTCHA_LIFETIME_MS - 1_000).code;
    const expired = await post(who, {
      ccaptcha: lapsed,
      captcha: t.app.captchaKeys.answer(lapsed.split('.')[0] ?? ''),
    });
    expect([expired.statusCode, expired.body.includes('expired')]).toEqual([400, true]);

    const registration = t.app.captchaKeys.issue('registration', visitor).code;
    const otherForm = await post(who, {
      ccaptcha: registration,
      captcha: t.app.captchaKeys.answer(registration.split('.')[0] ?? ''),
    });
    expect(otherForm.statusCode).toBe(400);
    expect(signedIn(otherForm)).toBe(false);

    // Another visitor cannot use this one's picture.
    const theirs = answerLoginCaptcha(await page(who), t.app.captchaKeys);
    expect((await post(client(), theirs)).statusCode).toBe(400);
  });

  /** Posts as the page does: a step-up's puzzle is paid and the same fields sent again with it. */
  const paying = async (who: Client, payload: Record<string, string>, cookies: Record<string, string> = {}) => {
    const send = (extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...FORM_HEADERS, ...who.headers },
        cookies,
        payload: form({ ...payload, ...extra }),
      });
    return payingStepUp(send);
  };
  const fieldsOf = async (who: Client, shield: { ageMs?: number; signals?: Record<string, unknown> }) => ({
    _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
    ...(await shieldFields(t.app, { headers: who.headers, ...shield })),
    email: EMAIL,
    password: PASSWORD,
  });

  it('when in doubt: no picture for a visitor the shield is sure of; the puzzle, then the picture, for a doubted one', async () => {
    await setMode('when-in-doubt');
    const sure = client();
    expect(await page(sure)).not.toContain('captcha.png');
    expect(await change(sure)).toEqual({ url: '', code: '' });
    expect(signedIn(await post(sure, {}))).toBe(true);

    // A doubt the puzzle answers (a quick post) costs the puzzle and nothing more.
    const hurried = client();
    const quick = await paying(hurried, await fieldsOf(hurried, { ageMs: 1_500 }));
    expect(quick.first.body).toContain('id="step-up"');
    expect(signedIn(quick.res)).toBe(true);

    // An automated browser pays the puzzle and is still in doubt: the captcha.
    const doubted = client();
    const { first, res: asked } = await paying(doubted, await fieldsOf(doubted, DOUBT));
    expect(first.body).toContain('id="step-up"');
    expect(asked.statusCode).toBe(400);
    expect(asked.body).toContain('Please type the characters shown in the picture.');
    const stepUp = answerLoginCaptcha(asked.body, t.app.captchaKeys);
    expect(stepUp.ccaptcha).not.toBe('');
    // The doubt is remembered for this visitor, so the reload button gets new pictures.
    const note = asked.cookies.find((c) => c.name.startsWith('waymark_captcha_doubt_'));
    expect(note?.httpOnly).toBe(true);
    const cookies = { [note?.name ?? '']: note?.value ?? '' };
    expect((await change(doubted, cookies)).url).toMatch(/^\/waymark\/captcha\.png/);
    expect((await change(client(), cookies)).url).toBe('');
    const answered = await paying(doubted, { ...(await fieldsOf(doubted, DOUBT)), ...stepUp }, cookies);
    expect(signedIn(answered.res)).toBe(true);
  });

  it('asks for no captcha when the form’s captcha is off: a doubt pays the puzzle, and what doubt is left is refused', async () => {
    await setMode('off');
    const who = client();
    expect(await page(who)).not.toContain('captcha.png');
    expect(await change(who)).toEqual({ url: '', code: '' });
    expect(signedIn(await post(who, {}))).toBe(true);

    const hurried = client();
    const fields = await fieldsOf(hurried, { ageMs: 1_500 });
    const send = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...FORM_HEADERS, ...hurried.headers },
        payload: form(payload),
      });
    const asked = await send(fields);
    expect(signedIn(asked)).toBe(false);
    // The "Checking your browser…" page: the page solves its puzzle and sends the same fields again.
    const answer = solvePuzzle(stepUpPageChallenge(asked));
    expect(signedIn(await send({ ...fields, [STEP_UP_FIELD]: answer }))).toBe(true);
    // A solved puzzle is spent.
    expect(signedIn(await send({ ...fields, [STEP_UP_FIELD]: answer }))).toBe(false);

    // An automated browser that pays is still one; with no captcha to ask, it is refused.
    const automated = client();
    const held = await paying(automated, await fieldsOf(automated, DOUBT));
    expect(held.first.body).toContain('id="step-up"');
    expect(signedIn(held.res)).toBe(false);
    expect(held.res.body).toContain(HELD_TEXT);
  });
});
