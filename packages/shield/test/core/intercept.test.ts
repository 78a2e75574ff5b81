import { STEP_UP_FIELD } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { Scope } from '../../src/core/events.js';
import { interceptRequests, withFields } from '../../src/core/intercept.js';
import { answer, configure, solvedNumber, stepUp, usePage } from '../page.js';

const FIELDS = { ct_bot_detector_event_token: 'f'.repeat(64) };

describe('other scripts’ requests', () => {
  usePage();

  it('get the fields in FormData, URLSearchParams, url-encoded and JSON bodies', () => {
    const form = withFields(new FormData(), FIELDS) as FormData;
    expect(form.get('ct_bot_detector_event_token')).toBe(FIELDS.ct_bot_detector_event_token);
    expect(String(withFields(new URLSearchParams('a=1'), FIELDS))).toBe(
      `a=1&ct_bot_detector_event_token=${'f'.repeat(64)}`,
    );
    expect(withFields('a=1&b=2', FIELDS)).toBe(`a=1&b=2&ct_bot_detector_event_token=${'f'.repeat(64)}`);
    expect(JSON.parse(withFields('{"quantity":1}', FIELDS) as string)).toEqual({ quantity: 1, ...FIELDS });
    expect(withFields('plain text', FIELDS)).toBe('plain text');
    // Never twice.
    expect(withFields(`ct_bot_detector_event_token=x`, FIELDS)).toBe('ct_bot_detector_event_token=x');
  });

  it('add the fields to same-origin fetch bodies, the store checkout included, and watch every answer', async () => {
    const original = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      answer(200, { apbct: { blocked: true, comment: 'Blocked.', stop_script: 0 } }),
    );
    vi.stubGlobal('fetch', original);
    const onBlock = vi.fn();
    const scope = new Scope();
    interceptRequests({ fields: () => FIELDS, onBlock }, scope);
    await fetch('/wp-json/wc/store/v1/checkout', { method: 'POST', body: '{"payment_method":"cod"}' });
    await fetch('https://elsewhere.example/collect', { method: 'POST', body: 'a=1' });
    expect(JSON.parse(original.mock.calls[0]?.[1]?.body as string)).toEqual({ payment_method: 'cod', ...FIELDS });
    expect(original.mock.calls[1]?.[1]?.body).toBe('a=1');
    await vi.waitFor(() => expect(onBlock).toHaveBeenCalledWith({ comment: 'Blocked.', stopScript: false }));
    scope.stop();
    expect(globalThis.fetch).toBe(original);
  });

  it('leave add-to-cart requests alone unless the setting asks for them', async () => {
    configure({}, { settings__forms__wc_add_to_cart: 0 });
    const original = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(200, {}));
    vi.stubGlobal('fetch', original);
    const scope = new Scope();
    interceptRequests({ fields: () => FIELDS, onBlock: vi.fn() }, scope);
    await fetch('/?wc-ajax=add_to_cart', { method: 'POST', body: 'product_id=3' });
    expect(original.mock.calls[0]?.[1]?.body).toBe('product_id=3');
    scope.stop();
  });

  it('add the fields to XMLHttpRequest bodies (jQuery ajax goes through it) and read its answers', () => {
    const sent: unknown[] = [];
    const proto = XMLHttpRequest.prototype;
    vi.spyOn(proto, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      sent.push(body);
    });
    const onBlock = vi.fn();
    const scope = new Scope();
    interceptRequests({ fields: () => FIELDS, onBlock }, scope);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/wp-admin/admin-ajax.php');
    xhr.send('action=contact&message=hi');
    expect(sent[0]).toBe(`action=contact&message=hi&ct_bot_detector_event_token=${'f'.repeat(64)}`);
    vi.spyOn(xhr, 'responseText', 'get').mockReturnValue('{"success":false,"data":{"message":"Spam."}}');
    xhr.dispatchEvent(new Event('load'));
    expect(onBlock).toHaveBeenCalledWith({ comment: 'Spam.', stopScript: false });
    scope.stop();
  });

  it('solve a step-up answer to a fetch and send the same body again: the caller sees only the second reply', async () => {
    const original = vi
      .fn(async (_url: RequestInfo | URL, _init?: RequestInit) => answer(200, { status: true, message: 'Sent.' }))
      .mockResolvedValueOnce(answer(200, await stepUp()));
    vi.stubGlobal('fetch', original);
    const onBlock = vi.fn();
    const scope = new Scope();
    interceptRequests({ fields: () => FIELDS, onBlock }, scope);
    const reply = await fetch('/wp-admin/admin-ajax.php', { method: 'POST', body: 'action=contact&message=hi' });
    expect(await reply.json()).toEqual({ status: true, message: 'Sent.' });
    const again = new URLSearchParams(original.mock.calls[1]?.[1]?.body as string);
    expect(again.get('message')).toBe('hi');
    expect(again.get('ct_bot_detector_event_token')).toBe(FIELDS.ct_bot_detector_event_token);
    expect(solvedNumber(again.get(STEP_UP_FIELD))).toBe(7);
    expect(onBlock).not.toHaveBeenCalled();
    scope.stop();
  });

  it('solve a step-up answer to an XMLHttpRequest and send its answer, with the fields it is bound to, on the next request to that address', async () => {
    const sent: unknown[] = [];
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      sent.push(body);
    });
    const onBlock = vi.fn();
    const scope = new Scope();
    let token = 0;
    interceptRequests({ fields: () => ({ ct_bot_detector_event_token: `t${(token += 1)}` }), onBlock }, scope);
    const first = new XMLHttpRequest();
    first.open('POST', '/wp-admin/admin-ajax.php');
    first.send('action=contact&message=hi');
    vi.spyOn(first, 'responseText', 'get').mockReturnValue(JSON.stringify(await stepUp()));
    first.dispatchEvent(new Event('load'));
    // Its caller shows the "one more moment" message; the person sends again.
    expect(onBlock).toHaveBeenCalledWith({ comment: 'One more moment.', stopScript: false });
    await vi.waitFor(async () => {
      const second = new XMLHttpRequest();
      second.open('POST', '/wp-admin/admin-ajax.php');
      second.send('action=contact&message=hi&ct_bot_detector_event_token=newer');
      const body = new URLSearchParams(sent.at(-1) as string);
      expect(solvedNumber(body.get(STEP_UP_FIELD))).toBe(7);
      expect(body.get('ct_bot_detector_event_token')).toBe('t1');
    });
    scope.stop();
  });
});
