import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { allowAnyFramer } from '../../src/embed/framing.js';
import { allowCspSources, contentSecurityPolicy, nextScriptNonce, securityPlugin } from '../../src/plugins/security.js';
import { createTestApp, FORM_HEADERS, type TestApp } from '../support/app.js';

/**
 * Issue 17, "Speed under load": the security headers are built once, not by helmet on every
 * response, and must stay what helmet sent: the same set on every answer, the same text.
 */

const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The policy helmet sent for our directives, with the nonce where `X` is, and `blob:` workers for
 * the spam shield's worker check.
 */
const CSP_TEXT =
  "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'nonce-X';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';worker-src 'self' blob:;connect-src 'self'";

const SECURITY_HEADERS: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
};

/** Headers about the answer itself, which the security headers sit beside. */
const ANSWER_HEADERS = new Set([
  'content-type',
  'content-length',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'cache-control',
]);

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  const answers = () => [
    // admin-ajax: an html answer, and the unknown action's plain `0`.
    t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: FORM_HEADERS,
      payload: 'action=qcpd_load_long_description&post_id=1',
    }),
    t.app.inject({ method: 'POST', url: '/wp-admin/admin-ajax.php', headers: FORM_HEADERS, payload: 'action=nope' }),
    // REST and the fresh-nonce call: JSON answers.
    t.app.inject({
      method: 'POST',
      url: '/wp-json/cleantalk-antispam/v1/check_bot',
      headers: { ...FORM_HEADERS, 'x-wp-nonce': 'bad' },
      payload: 'a=1',
    }),
    t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM_HEADERS,
      payload: 'spbc_remote_call_action=get_fresh_wpnonce&nonce_prev=abc',
    }),
    t.app.inject({ method: 'POST', url: '/nothing-here' }),
    t.app.inject({ url: '/favicon.ico' }),
  ];

  it('puts the same set on every answer, JSON and text alike, with helmet’s text', async () => {
    for (const [at, res] of (await Promise.all(answers())).entries()) {
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(nonce).toMatch(NONCE);
      expect(res.headers['content-security-policy']).toBe(CSP_TEXT.replace('nonce-X', `nonce-${nonce}`));
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers[name], `${at} ${name}`).toBe(value);
      const others = Object.keys(res.headers).filter(
        (name) => name !== 'content-security-policy' && !(name in SECURITY_HEADERS) && !ANSWER_HEADERS.has(name),
      );
      expect(others, `answer ${at}`).toEqual([]);
    }
  });

  it('gives every response a nonce of its own', async () => {
    const first = await Promise.all(answers());
    const second = await Promise.all(answers());
    const nonces = [...first, ...second].map((res) => String(res.headers['content-security-policy']));
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('builds the policy around the nonce, and never hands out a nonce twice', () => {
    expect(contentSecurityPolicy('abc')).toBe(CSP_TEXT.replace('nonce-X', 'nonce-abc'));
    // More than one pool of random bytes, so a refill is crossed.
    const many = Array.from({ length: 1_000 }, () => nextScriptNonce());
    for (const nonce of many) expect(nonce).toMatch(NONCE);
    expect(new Set(many).size).toBe(many.length);
  });

  it('lets a page add sources to its own policy and keeps the nonce its scripts carry', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).toMatch(NONCE);
    expect(res.body).toContain(`nonce="${nonce}"`);
    expect(csp.startsWith("default-src 'self';")).toBe(true);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}';script-src-attr 'none'`);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('changing one response’s policy', () => {
  it('adds sources and lets any site frame it, in either order, and only that response', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', { publicUrl: undefined } as unknown as Config);
    await app.register(securityPlugin);
    const sources = { 'img-src': ['https://tiles.example', 'javascript:alert(1)'], 'frame-src': ['https://v.example'] };
    app.get('/sources-then-framer', async (_request, reply) => {
      allowCspSources(reply, sources);
      allowAnyFramer(reply);
      allowCspSources(reply, { 'connect-src': ['https://api.example'] });
      return 'ok';
    });
    app.get('/framer-then-sources', async (_request, reply) => {
      allowAnyFramer(reply);
      allowCspSources(reply, sources);
      allowCspSources(reply, { 'connect-src': ['https://api.example'] });
      return 'ok';
    });
    app.get('/plain', async () => 'ok');

    for (const url of ['/sources-then-framer', '/framer-then-sources']) {
      const res = await app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
      const directives = csp.split(';');
      expect(directives, url).toContain("img-src 'self' data: blob: https://tiles.example");
      expect(directives, url).toContain("frame-src 'self' https://v.example");
      expect(directives, url).toContain("connect-src 'self' https://api.example");
      expect(directives, url).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(directives, url).toContain('frame-ancestors *');
      expect(csp, url).not.toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain('javascript:');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    const plain = await app.inject({ url: '/plain' });
    const nonce = /'nonce-([^']+)'/.exec(String(plain.headers['content-security-policy']))?.[1] ?? '';
    expect(plain.headers['content-security-policy']).toBe(CSP_TEXT.replace('nonce-X', `nonce-${nonce}`));
    expect(plain.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
