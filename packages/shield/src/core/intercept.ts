import { STEP_UP_FIELD } from '@waymark/protocol/plain';
import { on, pub } from './config.js';
import { readBlock, type Block } from './block.js';
import { parseQuietly } from './encode.js';
import type { Scope } from './events.js';
import { OWN_CALL_HEADER } from './request.js';
import { solveStepUp, stepUpOf } from './step-up.js';

/**
 * Other scripts' requests (spec section 7): the event token or the no-cookie field is added to
 * the bodies of same-origin `fetch` and XMLHttpRequest calls (jQuery's ajax, the store's cart
 * add-item and checkout requests go through these two), and every answer is read for a block reply.
 * A step-up answer (the server in doubt asks for the puzzle) is solved here: a `fetch` is sent
 * again with the answer and its caller sees only the second reply; an XMLHttpRequest's caller has
 * read the first already (it shows "One more moment…"), so the answer rides on the next request
 * to the same address, with the fields it was bound to.
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

/**
 * The body with the fields added, or the body unchanged where its kind cannot carry them. A
 * field the body has already is kept, unless `replace` (the fields a solved puzzle is bound to).
 */
export function withFields(body: unknown, fields: Record<string, string>, replace = false): unknown {
  const pairs = Object.entries(fields);
  if (pairs.length === 0) return body;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    for (const [k, v] of pairs) {
      if (replace) body.set(k, v);
      else if (!body.has(k)) body.append(k, v);
    }
    return body;
  }
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      for (const [k, v] of pairs) json[k] = replace ? v : (json[k] ?? v);
      return JSON.stringify(json);
    } catch {
      return body;
    }
  }
  if (text !== '' && !text.includes('=')) return body;
  const params = new URLSearchParams(text);
  if (replace) {
    for (const [k, v] of pairs) params.set(k, v);
    return params.toString();
  }
  const extra = new URLSearchParams(pairs.filter(([k]) => !params.has(k))).toString();
  return text === '' ? extra : extra ? `${text}&${extra}` : text;
}

function watchAnswer(text: string, hooks: Interception): void {
  const block = readBlock(text);
  if (block) hooks.onBlock(block);
}

/** Reads a copy of the answer without holding its caller back (a stream may never end). */
function watchOnTheSide(response: Response, hooks: Interception): void {
  response
    .clone()
    .text()
    .then((text) => watchAnswer(text, hooks))
    .catch(() => {});
}

/** Bodies that can be sent twice: a stream or a file body is read once. */
const resendable = (body: unknown) =>
  typeof body === 'string' || body instanceof FormData || body instanceof URLSearchParams;

export function interceptRequests(hooks: Interception, scope: Scope): void {
  const originalFetch = globalThis.fetch;
  if (originalFetch) {
    globalThis.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
      const url = input instanceof Request ? input.url : input;
      const own = new Headers(init?.headers).has(OWN_CALL_HEADER);
      const ours = !own && init?.body !== undefined && init.body !== null && wanted(url);
      if (ours) init = { ...init, body: withFields(init?.body, hooks.fields()) as BodyInit };
      const response = await originalFetch.call(this, input, init);
      const type = response.headers.get('content-type') ?? '';
      if (own || !/json|text/.test(type)) return response;
      // Only a JSON answer to a body that carried our fields can be a step-up; any other is read
      // on the side, so a stream is never held back.
      if (!ours || !/json/.test(type) || !resendable(init?.body)) {
        watchOnTheSide(response, hooks);
        return response;
      }
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      const challenge = stepUpOf(parseQuietly(text));
      const answer = challenge ? await solveStepUp(challenge) : '';
      if (!answer) {
        watchAnswer(text, hooks);
        return response;
      }
      const again = await originalFetch.call(this, input, {
        ...init,
        body: withFields(init?.body, { [STEP_UP_FIELD]: answer }) as BodyInit,
      });
      watchOnTheSide(again, hooks);
      return again;
    };
    scope.add(() => (globalThis.fetch = originalFetch));
  }

  const proto = globalThis.XMLHttpRequest?.prototype;
  if (!proto) return;
  const { open, send } = proto;
  const urls = new WeakMap<XMLHttpRequest, string>();
  // The solved puzzle waiting for the next request to its address, with the fields it is bound to.
  let solved: { url: string; fields: Record<string, string> } | null = null;
  proto.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    urls.set(this, String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  };
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = urls.get(this) ?? '';
    let fields: Record<string, string> | null = null;
    if (body !== undefined && body !== null && wanted(url)) {
      const retry = solved?.url === url;
      fields = retry && solved ? solved.fields : hooks.fields();
      if (retry) solved = null;
      body = withFields(body, fields, retry) as typeof body;
    }
    this.addEventListener('load', () => {
      const text =
        this.responseType === '' || this.responseType === 'text'
          ? this.responseText
          : this.responseType === 'json'
            ? JSON.stringify(this.response)
            : null;
      if (text === null) return;
      watchAnswer(text, hooks);
      const challenge = fields && resendable(body) ? stepUpOf(parseQuietly(text)) : null;
      if (!challenge || !fields) return;
      const bound = fields;
      void solveStepUp(challenge).then((answer) => {
        if (answer) solved = { url, fields: { ...bound, [STEP_UP_FIELD]: answer } };
      });
    });
    return send.call(this, body);
  };
  scope.add(() => Object.assign(proto, { open, send }));
}
