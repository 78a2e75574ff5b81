import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BAD_REST_NONCE, defineCall, jsonField, NONCE_ACTIONS } from '@waymark/protocol';
import { Answer } from '../../src/plugins/call-registry.js';
import { createTestApp, form, FORM_HEADERS, multipart, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

/** A test handler set that exercises the dispatcher's machinery. */
const echo = defineCall({
  name: 'waymark_test_echo',
  description: 'Echoes its fields.',
  access: 'public',
  ajax: { action: 'waymark_test_echo', answer: 'json', nonce: { field: '_ajax_nonce', action: NONCE_ACTIONS.ajax } },
  rest: { route: 'waymark_test_echo', answer: 'json' },
  request: z.object({
    word: z.string().max(20),
    count: z.coerce.number().int().min(0).max(10).default(1),
    tags: z.array(z.string()).optional(),
    data: jsonField(z.object({ a: z.number() })).optional(),
  }),
  response: z.object({ echoed: z.string(), data: z.unknown().optional(), tags: z.array(z.string()).optional() }),
});

const soft = defineCall({
  name: 'waymark_test_soft_nonce',
  description: 'A call whose stale nonce gets an answer of its own.',
  access: 'public',
  ajax: {
    action: 'waymark_test_soft_nonce',
    answer: 'json',
    nonce: { field: 'security', action: NONCE_ACTIONS.directory, onFail: { status: 200, body: { ok: false } } },
  },
  request: z.object({}),
  response: z.object({ ok: z.boolean() }),
});

/** Defined but never given a handler. */
const unhandled = defineCall({
  name: 'waymark_test_unhandled',
  description: 'Has no handler.',
  access: 'public',
  ajax: { action: 'waymark_test_unhandled', answer: 'json' },
  request: z.object({}),
  response: z.object({}),
});

const adminOnly = defineCall({
  name: 'waymark_test_admin',
  description: 'Administrators only.',
  access: 'admin',
  ajax: { action: 'waymark_test_admin', answer: 'text' },
  request: z.object({}),
  response: z.string(),
});

const blocker = defineCall({
  name: 'waymark_test_block',
  description: 'Answers with an answer the schema does not describe.',
  access: 'public',
  ajax: { action: 'waymark_test_block', answer: 'json' },
  request: z.object({}),
  response: z.object({ never: z.literal(true) }),
});

const liar = defineCall({
  name: 'waymark_test_liar',
  description: 'Breaks its own answer schema.',
  access: 'public',
  ajax: { action: 'waymark_test_liar', answer: 'json' },
  request: z.object({}),
  response: z.object({ n: z.number() }),
});

describe.each(DIALECTS)('protocol dispatcher on %s', (dialect) => {
  let t: TestApp;
  let ajaxNonce: string;
  let restNonce: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      registerCalls(calls) {
        calls.handle(echo, (input) => ({
          echoed: input.word.repeat(input.count),
          ...(input.data ? { data: input.data } : {}),
          ...(input.tags ? { tags: input.tags } : {}),
        }));
        calls.handle(soft, () => ({ ok: true }));
        calls.handle(adminOnly, () => 'secret');
        calls.handle(blocker, () => new Answer(200, { apbct: { blocked: true, comment: 'No.', stop_script: 0 } }));
        // @ts-expect-error -- deliberately breaks the schema to prove strict mode catches it
        calls.handle(liar, () => ({ n: 'not a number' }));
      },
    });
    ajaxNonce = t.app.nonces.create(NONCE_ACTIONS.ajax, '');
    restNonce = t.app.nonces.create(NONCE_ACTIONS.rest, '');
  });
  afterAll(async () => t.close());

  const ajax = (payload: string, headers: Record<string, string> = FORM_HEADERS) =>
    t.app.inject({ method: 'POST', url: '/wp-admin/admin-ajax.php', payload, headers });

  describe('admin-ajax', () => {
    it('answers 0 with status 400 for an unknown action', async () => {
      const res = await ajax(form({ action: 'no_such_action' }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('0');
    });

    it('answers 0 with status 400 when there is no action', async () => {
      const res = await ajax(form({ word: 'x' }));
      expect([res.statusCode, res.body]).toEqual([400, '0']);
    });

    it('treats a defined call without a handler as unknown', async () => {
      // Defined in this file and never registered: every catalogued call has a handler by now.
      const res = await ajax(form({ action: unhandled.ajax?.action ?? '' }));
      expect([res.statusCode, res.body]).toEqual([400, '0']);
    });

    it('routes url-encoded calls with a good nonce to their handler', async () => {
      const res = await ajax(
        form({ action: 'waymark_test_echo', _ajax_nonce: ajaxNonce, no_cache: '0.42', word: 'ab', count: '2' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ echoed: 'abab' });
    });

    it('routes multipart calls, with JSON fields and list fields', async () => {
      const body = multipart({ action: 'waymark_test_echo', _ajax_nonce: ajaxNonce, word: 'hi', data: '{"a":1}' });
      const res = await ajax(body.payload, body.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ echoed: 'hi', data: { a: 1 } });

      const listed = await ajax(
        form({ action: 'waymark_test_echo', _ajax_nonce: ajaxNonce, word: 'x', 'tags[]': ['p', 'q'] }),
      );
      expect(listed.json()).toEqual({ echoed: 'x', tags: ['p', 'q'] });
    });

    it('answers -1 with status 403 for a bad, missing or foreign nonce', async () => {
      for (const nonce of ['0123456789', '', t.app.nonces.create(NONCE_ACTIONS.rest, '')]) {
        const res = await ajax(form({ action: 'waymark_test_echo', _ajax_nonce: nonce, word: 'x' }));
        expect([res.statusCode, res.body]).toEqual([403, '-1']);
      }
    });

    it("answers a call's own failure when its nonce is stale and the call says so", async () => {
      const res = await ajax(form({ action: 'waymark_test_soft_nonce', security: 'ffffffffff' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: false });
    });

    it('answers a bad payload with 400 and an error key', async () => {
      const payloads: Record<string, string>[] = [
        { word: 'this word is far too long for the schema' },
        { word: 'x', count: 'eleven' },
        { word: 'x', data: '{not json' },
        { word: 'x', data: '{"a":"b"}' },
        {},
      ];
      for (const fields of payloads) {
        const res = await ajax(form({ action: 'waymark_test_echo', _ajax_nonce: ajaxNonce, ...fields }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toHaveProperty('error');
      }
    });

    it('refuses an administrator call to a visitor', async () => {
      const res = await ajax(form({ action: 'waymark_test_admin' }));
      expect([res.statusCode, res.body]).toEqual([403, '-1']);
    });

    it('sends answers with a status of their own as they are', async () => {
      const res = await ajax(form({ action: 'waymark_test_block' }));
      expect(res.json()).toEqual({ apbct: { blocked: true, comment: 'No.', stop_script: 0 } });
    });

    it('fails loudly, in strict mode, on an answer that breaks its schema', async () => {
      const res = await ajax(form({ action: 'waymark_test_liar' }));
      expect(res.statusCode).toBe(500);
    });

    it('answers a malformed body with a 4xx, never a 500', async () => {
      const broken = [
        {
          payload: '--x\r\nContent-Disposition: form-data; name="action"\r\n\r\nwaymark',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        },
        { payload: 'action=%E0%A4%A', headers: FORM_HEADERS },
        { payload: '{"action":', headers: { 'content-type': 'application/json' } },
        { payload: '\u0000\u0001', headers: { 'content-type': 'application/octet-stream' } },
        { payload: 'x', headers: { 'content-type': 'multipart/form-data' } },
      ];
      for (const { payload, headers } of broken) {
        const res = await ajax(payload, headers);
        expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, payload).toBeLessThan(500);
      }
    });

    it('never answers 500 to any url-encoded fields', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.oneof(fc.constantFrom('action', 'word', 'count', 'data', 'tags[]', '_ajax_nonce'), fc.string()),
            fc.string(),
          ),
          fc.constantFrom('waymark_test_echo', 'waymark_test_soft_nonce', 'waymark_test_admin', 'unknown'),
          async (fields, action) => {
            const res = await ajax(form({ ...fields, action, _ajax_nonce: fields._ajax_nonce ?? ajaxNonce }));
            expect(res.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe('REST', () => {
    const rest = (
      route: string,
      payload: string,
      nonce: string | undefined,
      headers: Record<string, string> = FORM_HEADERS,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/wp-json/cleantalk-antispam/v1/${route}`,
        payload,
        headers: nonce === undefined ? headers : { ...headers, 'x-wp-nonce': nonce },
      });

    it('routes a call with a good X-WP-Nonce to its handler', async () => {
      const res = await rest('waymark_test_echo', form({ word: 'ok' }), restNonce);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ echoed: 'ok' });
    });

    it('answers 403 rest_cookie_invalid_nonce for a bad or missing nonce', async () => {
      for (const nonce of ['abcdefabcd', undefined, ajaxNonce, 'not-a-nonce']) {
        const res = await rest('waymark_test_echo', form({ word: 'ok' }), nonce);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(BAD_REST_NONCE.body);
      }
    });

    it('checks the nonce before it looks for the route, as WordPress does', async () => {
      const res = await rest('apbct_decode_email', form({ encodedEmails: '{}' }), '0123456789');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(BAD_REST_NONCE.body);
    });

    it("answers an unknown route in WordPress's words", async () => {
      const res = await rest('no_such_route', '', restNonce);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'rest_no_route' });
    });

    it('answers a bad payload with rest_invalid_param', async () => {
      const res = await rest('waymark_test_echo', form({ word: 'x'.repeat(50) }), restNonce);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { word: expect.any(String) } },
      });
    });

    it('takes a JSON body too', async () => {
      const res = await rest('waymark_test_echo', JSON.stringify({ word: 'js', data: { a: 2 } }), restNonce, {
        'content-type': 'application/json',
      });
      expect(res.json()).toEqual({ echoed: 'js', data: { a: 2 } });
    });

    it('answers a malformed body with a 4xx, never a 500', async () => {
      for (const [payload, type] of [
        ['{"word":', 'application/json'],
        ['--b\r\nbroken', 'multipart/form-data; boundary=b'],
        ['<xml/>', 'application/xml'],
      ] as const) {
        const res = await rest('waymark_test_echo', payload, restNonce, { 'content-type': type });
        expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, payload).toBeLessThan(500);
      }
    });
  });

  describe('fresh nonce', () => {
    const fresh = (url: string, fields: Record<string, string>, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url,
        payload: form({ spbc_remote_call_action: 'get_fresh_wpnonce', plugin_name: 'antispam', ...fields }),
        headers: FORM_HEADERS,
        remoteAddress: ip,
      });

    it('is answered on any path, with a nonce for the action that failed', async () => {
      for (const url of ['/', '/some/page/that/does/not/exist', '/wp-admin/admin-ajax.php']) {
        const res = await fresh(url, { nonce_prev: restNonce, initial_request_params: '{}' }, `10.1.0.${url.length}`);
        expect(res.statusCode).toBe(200);
        const { wpnonce } = res.json<{ wpnonce: string }>();
        expect(wpnonce).toMatch(/^[0-9a-f]{10}$/);
        expect(t.app.nonces.verify(wpnonce, NONCE_ACTIONS.rest, '')).toBe(true);
      }
    });

    it("reads the action from the failed request's parameters when the old nonce is unknown", async () => {
      const res = await fresh(
        '/',
        {
          nonce_prev: '0123456789',
          initial_request_params: JSON.stringify({ action: 'waymark_test_echo' }),
        },
        '10.2.0.1',
      );
      expect(t.app.nonces.verify(res.json<{ wpnonce: string }>().wpnonce, NONCE_ACTIONS.ajax, '')).toBe(true);
    });

    it('says when the old nonce is missing or malformed', async () => {
      expect((await fresh('/', {}, '10.3.0.1')).json()).toEqual({ error: 'No nonce provided' });
      expect((await fresh('/', { nonce_prev: 'xyz' }, '10.3.0.1')).json()).toEqual({ error: 'Wrong nonce provided' });
    });

    it('allows 10 calls a minute from one address', async () => {
      const answers = [];
      for (let i = 0; i < 11; i += 1) answers.push((await fresh('/', { nonce_prev: restNonce }, '10.4.0.1')).json());
      expect(answers.slice(0, 10).every((a) => 'wpnonce' in a)).toBe(true);
      expect(answers[10]).toEqual({ error: 'RATE_LIMIT_EXCEEDED' });
      expect((await fresh('/', { nonce_prev: restNonce }, '10.4.0.2')).json()).toHaveProperty('wpnonce');
    });
  });
});
