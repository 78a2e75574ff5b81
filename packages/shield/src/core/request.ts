import {
  DEFAULT_AJAX_PATH,
  DEFAULT_REST_ROOT,
  FRESH_NONCE,
  REQUEST_ERRORS,
  REST_NAMESPACE,
  SHIELD,
  STEP_UP_FIELD,
} from '@waymark/protocol/plain';
import { isObject, readBlock, type Block } from './block.js';
import { solveStepUp, stepUpOf } from './step-up.js';
import { ajaxType, fns, pub, str } from './config.js';
import { parseQuietly } from './encode.js';

/**
 * The one request layer (PROTOCOL.md section 1): admin-ajax or REST as configured, the nonce
 * rules, a 15 s timeout, form data bodies (a query string for GET), the five console messages
 * of the error catalogue, one fresh-nonce call and one retry after a 403 nonce failure, and one
 * more send with the puzzle solved when the server asks for it (a step-up).
 */

export interface CallSpec {
  /** The admin-ajax action. */
  action: string;
  /** The REST route, where the call has one. */
  route?: string;
  method?: 'POST' | 'GET';
  answer?: 'json' | 'text';
}

export type Fields = Record<string, unknown> | FormData;

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly block: Block | null = null,
  ) {
    super(message);
  }
}

export interface RequestHooks {
  /** Every block reply the layer reads. */
  onBlock?: (block: Block) => void;
}

/** Marks the layer's own calls, so the interceptor leaves them alone. */
export const OWN_CALL_HEADER = 'X-Waymark-Shield';

function entries(fields: Fields): [string, string | Blob][] {
  if (fields instanceof FormData) return [...fields.entries()];
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
}

function fail(message: string, status: number, body: unknown, block: Block | null = null): never {
  if (!block) console.error(message);
  throw new RequestError(message, status, body, block);
}

export function createRequester(hooks: RequestHooks = {}) {
  /** `pow`: the answer to the puzzle the call's first answer asked for, on its second send. */
  async function send(call: CallSpec, fields: Fields, retried: boolean, pow?: string): Promise<unknown> {
    const rest = ajaxType() === 'rest' && call.route !== undefined;
    const method = call.method ?? 'POST';
    const nonce = str(fns()._fresh_nonce) || str(rest ? fns()._rest_nonce : (fns()._ajax_nonce ?? pub()._ajax_nonce));
    const pairs = entries(fields);
    if (pow !== undefined) pairs.push([STEP_UP_FIELD, pow]);
    if (!rest) pairs.push(['action', call.action], ['_ajax_nonce', nonce], ['no_cache', String(Math.random())]);

    let url = rest
      ? `${str(fns()._rest_url, DEFAULT_REST_ROOT)}${REST_NAMESPACE}/${call.route ?? ''}`
      : str(fns()._ajax_url, DEFAULT_AJAX_PATH);
    const init: RequestInit = { method, credentials: 'same-origin', headers: { [OWN_CALL_HEADER]: '1' } };
    if (rest) (init.headers as Record<string, string>)['X-WP-Nonce'] = nonce;
    if (method === 'GET') {
      const query = new URLSearchParams(pairs.filter((p): p is [string, string] => typeof p[1] === 'string'));
      url += (url.includes('?') ? '&' : '?') + query.toString();
    } else {
      const body = new FormData();
      for (const [k, v] of pairs) body.append(k, v);
      init.body = body;
    }

    const controller = new AbortController();
    init.signal = controller.signal;
    const timer = setTimeout(() => controller.abort(), SHIELD.xhrTimeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, init);
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) fail(REQUEST_ERRORS.timeout, 0, null);
      throw error;
    } finally {
      clearTimeout(timer);
    }

    const status = response.status;
    if (status === 403 && !retried && isNonceFailure(text, rest)) {
      await refreshNonce(nonce, Object.fromEntries(pairs.filter((p) => typeof p[1] === 'string')));
      return send(call, fields, true, pow);
    }
    if (status === 500) fail(REQUEST_ERRORS.internal, status, text);
    if (status < 200 || status >= 300) fail(REQUEST_ERRORS.unexpectedCode(status), status, parseQuietly(text));
    if (call.answer === 'text' && !rest) return text;
    if (text.trim() === '') fail(REQUEST_ERRORS.empty, status, text);
    const body = parseQuietly(text);
    // Only a text that is no JSON comes back as itself (a JSON string keeps its quotes).
    if (body === text) fail(REQUEST_ERRORS.parse, status, text);
    // A step-up is not a block yet, nor an error to log: solved here, the very same fields go
    // again once (the token too: the puzzle is bound to it, the page and this visitor).
    const challenge = stepUpOf(body);
    if (challenge) {
      if (pow === undefined) return send(call, fields, retried, await solveStepUp(challenge));
      // Asked again after paying: the puzzle did not settle the doubt.
      fail(readBlock(body)?.comment ?? '', status, body);
    }
    const block = readBlock(body);
    if (block) {
      hooks.onBlock?.(block);
      fail(block.comment, status, body, block);
    }
    if (isObject(body) && 'error' in body) fail(str(body.error, 'error'), status, body);
    return body;
  }

  return (call: CallSpec, fields: Fields = {}) => send(call, fields, false);
}

function isNonceFailure(text: string, rest: boolean): boolean {
  if (!rest) return text.trim() === '-1';
  return (parseQuietly(text) as { code?: unknown } | null)?.code === 'rest_cookie_invalid_nonce';
}

/**
 * The fresh-nonce call: `POST {host url}`. The bare host name resolves relative to the current
 * page, and the server answers on any path; `./` keeps a `host:port` from reading as a scheme.
 */
async function refreshNonce(previous: string, params: Record<string, unknown>): Promise<void> {
  const host = str(fns().host_url, location.host);
  const url = /^https?:\/\//.test(host) ? host : `./${host}`;
  const body = new FormData();
  body.append(FRESH_NONCE.field, FRESH_NONCE.action);
  body.append('plugin_name', 'antispam');
  body.append('nonce_prev', previous);
  body.append('initial_request_params', JSON.stringify(params));
  try {
    const init: RequestInit = { method: 'POST', body, credentials: 'same-origin', headers: { [OWN_CALL_HEADER]: '1' } };
    const answer = (await (await fetch(url, init)).json()) as {
      wpnonce?: unknown;
    };
    if (typeof answer.wpnonce === 'string') fns()._fresh_nonce = answer.wpnonce;
  } catch {
    // The retry goes out with the old nonce and fails in its own words.
  }
}

export type Requester = ReturnType<typeof createRequester>;
