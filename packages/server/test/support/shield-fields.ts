import { NO_COOKIE_PREFIX, NONCE_ACTIONS, SIGNAL } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { checkJsKey } from '../../src/shield/check-js.js';
import { makePageStamp } from '../../src/shield/page-stamp.js';

/**
 * The spam shield's fields as the page layer of a person's browser sends them with a protected
 * form, for tests of the forms it protects. `signals` replaces or adds stored signals; `token:
 * null` leaves the event token out; `ageMs` is how long ago the page was set.
 */
export interface ShieldFieldOptions {
  signals?: Record<string, unknown>;
  ageMs?: number;
  token?: string | null;
  headers?: Record<string, string>;
  /** The client's own address, where the test sends from one without a proxy's header. */
  remoteAddress?: string;
}

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A fresh event token from the bot-detector call, bound to the injecting client. */
export async function fetchEventToken(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    ...(remoteAddress ? { remoteAddress } : {}),
    url: '/wp-json/cleantalk-antispam/v1/waymark_bot_detector',
    headers: { 'x-wp-nonce': app.nonces.create(NONCE_ACTIONS.rest, ''), ...headers },
    payload: {},
  });
  return (res.json() as { event_token: string }).event_token;
}

/** Signals of a person who moved the pointer and typed for a few seconds. */
export function personSignals(app: FastifyInstance, now: number, ageMs: number): Record<string, unknown> {
  return {
    [SIGNAL.pageSet]: now - ageMs,
    [SIGNAL.submitTimestamp]: now,
    [SIGNAL.checkJs]: checkJsKey(app.shield.keys, now),
    [SIGNAL.pointer]: [
      [120, 300, 400],
      [131, 322, 560],
      [150, 340, 720],
    ],
    [SIGNAL.mouseMoved]: true,
    [SIGNAL.inputFocused]: true,
    [SIGNAL.keyUp]: true,
    [SIGNAL.firstKeyPress]: now - ageMs + 900,
    [SIGNAL.headless]: false,
    [SIGNAL.typing]: {
      name: {
        isAutoFill: false,
        isUseBuffer: false,
        speedDelta: 140,
        firstKeyTimestamp: now - 4_000,
        lastKeyTimestamp: now - 2_000,
        lastDelta: 120,
        countOfKey: 14,
      },
    },
  };
}

export async function shieldFields(
  app: FastifyInstance,
  options: ShieldFieldOptions = {},
): Promise<Record<string, string>> {
  const now = Date.now();
  const ageMs = options.ageMs ?? 8_000;
  const token =
    options.token === undefined ? await fetchEventToken(app, options.headers, options.remoteAddress) : options.token;
  const signals = { ...personSignals(app, now, ageMs), ...options.signals };
  return {
    [app.shield.settings().honeypotFieldName]: makePageStamp(app.shield.keys, now - ageMs),
    alt_s: '',
    ct_no_cookie_hidden_field: NO_COOKIE_PREFIX + base64(signals),
    apbct_visible_fields: base64({
      0: { visible_fields: 'name', visible_fields_count: 1, invisible_fields: 'alt_s', invisible_fields_count: 1 },
    }),
    ...(token ? { ct_bot_detector_event_token: token } : {}),
  };
}
