import { on, pub } from './config.js';
import { readBlock, type Block } from './block.js';
import type { Scope } from './events.js';
import { OWN_CALL_HEADER } from './request.js';

/**
 * Other scripts' requests (spec section 7): the event token or the no-cookie field is added to
 * the bodies of same-origin `fetch` and XMLHttpRequest calls (jQuery's ajax, the store's cart
 * add-item and checkout requests go through these two), and every answer is read for a block reply.
 */

export interface Interception {
  /** The fields to add, fresh for each request. */
  fields(): Record<string, string>;
  onBlock(block: Block): void;
}

const ADD_TO_CART = /add[-_]to[-_]cart|cart\/add-item/i;

function sameOrigin(url: string | URL): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

function wanted(url: string | URL): boolean {
  if (!sameOrigin(url)) return false;
  return on(pub().settings__forms__wc_add_to_cart) || !ADD_TO_CART.test(String(url));
}

/** The body with the fields added, or the body unchanged where its kind cannot carry them. */
export function withFields(body: unknown, fields: Record<string, string>): unknown {
  const pairs = Object.entries(fields);
  if (pairs.length === 0) return body;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    for (const [k, v] of pairs) if (!body.has(k)) body.append(k, v);
    return body;
  }
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const [k, v] of pairs) json[k] ??= v;
      return JSON.stringify(json);
    } catch {
      return body;
    }
  }
  if (text !== '' && !text.includes('=')) return body;
  const extra = new URLSearchParams(pairs.filter(([k]) => !new URLSearchParams(text).has(k))).toString();
  return text === '' ? extra : extra ? `${text}&${extra}` : text;
}

function watchAnswer(text: string, hooks: Interception): void {
  const block = readBlock(text);
  if (block) hooks.onBlock(block);
}

export function interceptRequests(hooks: Interception, scope: Scope): void {
  const originalFetch = globalThis.fetch;
  if (originalFetch) {
    globalThis.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
      const url = input instanceof Request ? input.url : input;
      const own = new Headers(init?.headers).has(OWN_CALL_HEADER);
      if (!own && init?.body !== undefined && init.body !== null && wanted(url)) {
        init = { ...init, body: withFields(init.body, hooks.fields()) as BodyInit };
      }
      const response = await originalFetch.call(this, input, init);
      if (!own && /json|text/.test(response.headers.get('content-type') ?? '')) {
        response
          .clone()
          .text()
          .then((text) => watchAnswer(text, hooks))
          .catch(() => {});
      }
      return response;
    };
    scope.add(() => (globalThis.fetch = originalFetch));
  }

  const proto = globalThis.XMLHttpRequest?.prototype;
  if (!proto) return;
  const { open, send } = proto;
  const urls = new WeakMap<XMLHttpRequest, string>();
  proto.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    urls.set(this, String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = urls.get(this) ?? '';
    if (body !== undefined && body !== null && wanted(url)) body = withFields(body, hooks.fields()) as typeof body;
    this.addEventListener('load', () => {
      if (this.responseType === '' || this.responseType === 'text') watchAnswer(this.responseText, hooks);
      else if (this.responseType === 'json') watchAnswer(JSON.stringify(this.response), hooks);
    });
    return send.call(this, body);
  };
  scope.add(() => Object.assign(proto, { open, send }));
}
