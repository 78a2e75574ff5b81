import { NONCE_ACTIONS } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(DIALECTS)('health and metrics on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN, REDIS_URL: 'redis://127.0.0.1:6379' } });
  });
  afterAll(async () => t.close());

  it('answers /healthz while the process runs', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('ok');
  });

  it('answers /readyz when the database and Redis answer', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, checks: { database: 'ok', redis: 'ok' } });
  });

  it('serves /metrics only to the bearer of the token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and latencies per route pattern and per call, and the shield’s verdicts', async () => {
    await t.app.inject('/items/123456');
    await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: FORM_HEADERS,
      payload: form({ action: 'apbct_get_pixel_url', _ajax_nonce: t.app.nonces.create(NONCE_ACTIONS.ajax, '') }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: FORM_HEADERS,
      payload: form({ action: 'made_up_action_name' }),
    });
    await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: FORM_HEADERS,
      payload: form({
        _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
        ...(await shieldFields(t.app, { token: null })),
        email: 'x@waymark.test',
        password: 'nope',
      }),
    });
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/waymark_http_requests_total\{method="GET",route="\/items\/:id",call="",status="404"\} 1/);
    expect(text).toMatch(
      /waymark_http_request_duration_seconds_count\{method="POST",route="\/wp-admin\/admin-ajax.php",call="apbct_get_pixel_url"\} 1/,
    );
    // What a client typed never becomes a label.
    expect(text).not.toContain('made_up_action_name');
    expect(text).toMatch(/call="unknown"/);
    expect(text).toMatch(/waymark_shield_verdicts_total\{form="sign-in",outcome="allowed"\} 1/);
  });

  it('keeps each app’s metrics to itself', async () => {
    const other = await createTestApp('sqlite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      const text = (await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(text).not.toContain('route="/items/:id"');
    } finally {
      await other.close();
    }
  });

  it('has no /metrics at all without a token', async () => {
    const other = await createTestApp('sqlite');
    try {
      expect((await other.app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode).toBe(
        404,
      );
    } finally {
      await other.close();
    }
  });
});
