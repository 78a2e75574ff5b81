import { describe, expect, it, vi } from 'vitest';
import { createRequester, RequestError } from '../../src/core/request.js';
import { AJAX_NONCE, answer, configure, REST_NONCE, solvedNumber, stepUp, usePage } from '../page.js';

const CALL = { action: 'apbct_decode_email', route: 'apbct_decode_email' };

function mockFetch(...answers: (Response | (() => Promise<Response>))[]) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (init: RequestInit | undefined) => Object.fromEntries(init?.body as FormData);

describe('request layer', () => {
  usePage();

  // Issue 27: the decoder's call steps up as a form does, through the one request layer.
  it('solves a step-up answer and sends the same fields again once; asked again, it fails', async () => {
    vi.useRealTimers();
    const fetch = mockFetch(answer(200, await stepUp()), answer(200, { success: true, data: [] }));
    await expect(createRequester()(CALL, { encodedEmails: { 0: 'abc' } })).resolves.toEqual({
      success: true,
      data: [],
    });
    expect(bodyOf(fetch.mock.calls[1]?.[1])).toMatchObject({ encodedEmails: '{"0":"abc"}' });
    expect(solvedNumber(bodyOf(fetch.mock.calls[1]?.[1]).waymark_pow as string)).toBe(7);
    mockFetch(answer(200, await stepUp()), answer(200, await stepUp()));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(createRequester()(CALL, {})).rejects.toBeInstanceOf(RequestError);
  });

  it('sends REST calls with X-WP-Nonce and a FormData body', async () => {
    const fetch = mockFetch(answer(200, { success: true, data: false }));
    const request = createRequester();
    await expect(request(CALL, { post_url: '/x', encodedEmails: { 0: 'abc' } })).resolves.toEqual({
      success: true,
      data: false,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/wp-json/cleantalk-antispam/v1/apbct_decode_email');
    expect(new Headers(init?.headers).get('X-WP-Nonce')).toBe(REST_NONCE);
    expect(init?.body).toBeInstanceOf(FormData);
    // A field whose value is an object travels as a JSON string.
    expect(bodyOf(init)).toEqual({ post_url: '/x', encodedEmails: '{"0":"abc"}' });
  });

  it('sends admin-ajax calls with action, _ajax_nonce and no_cache, and calls without a route always so', async () => {
    configure({ data__ajax_type: 'admin_ajax' });
    const fetch = mockFetch(answer(200, { ok: 1 }));
    await createRequester()(CALL, { a: '1' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/wp-admin/admin-ajax.php');
    expect(bodyOf(init)).toMatchObject({ a: '1', action: 'apbct_decode_email', _ajax_nonce: AJAX_NONCE });
    expect(Number(bodyOf(init).no_cache)).toBeGreaterThanOrEqual(0);

    configure();
    mockFetch(answer(200, { ok: 1 }));
    const ajaxOnly = vi.mocked(globalThis.fetch);
    await createRequester()({ action: 'waymark_suggest_item' }, {});
    expect(ajaxOnly.mock.calls[0]?.[0]).toBe('/wp-admin/admin-ajax.php');
  });

  it('puts GET data in the query string', async () => {
    configure({ data__ajax_type: 'admin_ajax' });
    const fetch = mockFetch(answer(200, { ok: 1 }));
    await createRequester()({ action: 'x', method: 'GET' }, { q: 'a b' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/wp-admin\/admin-ajax\.php\?q=a\+b&action=x&_ajax_nonce=aaaaaaaaaa&no_cache=/);
    expect(init?.body).toBeUndefined();
  });

  it.each([
    [answer(500, 'boom', 'text/html'), 'Internal server error.'],
    [answer(404, 'nope', 'text/html'), 'Unexpected response code: 404'],
    [answer(200, '<html>', 'text/html'), 'Unexpected response from server'],
    [answer(200, '', 'application/json'), 'No response'],
  ])('fails with the catalogue’s console message', async (response, message) => {
    mockFetch(response);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(createRequester()(CALL)).rejects.toThrow(message);
    expect(error).toHaveBeenCalledWith(message);
  });

  it('gives up after 15 s with "Server response timeout"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = createRequester()(CALL);
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(RequestError);
    expect(error).toHaveBeenCalledWith('Server response timeout');
  });

  it('treats an answer with an error key as a failure', async () => {
    mockFetch(answer(200, { error: 'EMPTY_DATA' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(createRequester()(CALL)).rejects.toThrow('EMPTY_DATA');
  });

  it('on a 403 nonce failure asks once for a fresh nonce and repeats the request once with it', async () => {
    const fetch = mockFetch(
      answer(403, { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } }),
      answer(200, { wpnonce: 'cccccccccc' }),
      answer(200, { success: true, data: false }),
    );
    await expect(createRequester()(CALL, { post_url: '/p' })).resolves.toEqual({ success: true, data: false });
    const [freshUrl, freshInit] = fetch.mock.calls[1] ?? [];
    expect(freshUrl).toBe('./localhost:3000');
    expect(bodyOf(freshInit)).toEqual({
      spbc_remote_call_action: 'get_fresh_wpnonce',
      plugin_name: 'antispam',
      nonce_prev: REST_NONCE,
      initial_request_params: '{"post_url":"/p"}',
    });
    expect(new Headers(fetch.mock.calls[2]?.[1]?.headers).get('X-WP-Nonce')).toBe('cccccccccc');
    expect(
      (globalThis as unknown as { ctPublicFunctions: { _fresh_nonce: string } }).ctPublicFunctions._fresh_nonce,
    ).toBe('cccccccccc');
  });

  it('retries an admin-ajax -1 only once', async () => {
    configure({ data__ajax_type: 'admin_ajax' });
    const fetch = mockFetch(answer(403, '-1', 'text/plain'), answer(200, { wpnonce: 'dddddddddd' }), answer(403, '-1'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(createRequester()(CALL)).rejects.toThrow('Unexpected response code: 403');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(bodyOf(fetch.mock.calls[2]?.[1])._ajax_nonce).toBe('dddddddddd');
  });

  it('reads a block reply, reports it and rejects with it', async () => {
    mockFetch(answer(200, { apbct: { blocked: true, comment: 'No spam here.', stop_script: 1 } }));
    const onBlock = vi.fn();
    const failure = await createRequester({ onBlock })(CALL).catch((e: unknown) => e);
    expect(onBlock).toHaveBeenCalledWith({ comment: 'No spam here.', stopScript: true });
    expect(failure).toMatchObject({ block: { comment: 'No spam here.', stopScript: true } });
  });

  it('answers text calls over admin-ajax as text', async () => {
    configure({ data__ajax_type: 'admin_ajax' });
    mockFetch(answer(200, 'https://site.example/waymark/pixel.gif', 'text/plain'));
    await expect(createRequester()({ action: 'apbct_get_pixel_url', answer: 'text' })).resolves.toBe(
      'https://site.example/waymark/pixel.gif',
    );
  });
});
