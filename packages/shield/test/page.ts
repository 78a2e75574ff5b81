import { STEP_UP_ANSWER } from '@waymark/protocol/plain';
import { afterEach, beforeEach, vi } from 'vitest';

/** A page with the server's configuration globals, fresh storage and cookies, and fake timers. */
export const AJAX_NONCE = 'aaaaaaaaaa';
export const REST_NONCE = 'bbbbbbbbbb';
export const CHECKJS = '0123456789abcdef';

type Bag = Record<string, unknown>;
const g = globalThis as unknown as { ctPublicFunctions: Bag; ctPublic: Bag };

export function configure(fns: Bag = {}, pub: Bag = {}) {
  g.ctPublicFunctions = {
    _ajax_nonce: AJAX_NONCE,
    _rest_nonce: REST_NONCE,
    _ajax_url: '/wp-admin/admin-ajax.php',
    _rest_url: '/wp-json/',
    data__cookies_type: 'none',
    data__ajax_type: 'rest',
    bot_detector_enabled: 1,
    data__bot_detector_enabled: 1,
    data__frontend_data_log_enabled: 0,
    cookiePrefix: '',
    host_url: 'localhost:3000',
    ...fns,
  };
  g.ctPublic = {
    _ajax_nonce: AJAX_NONCE,
    settings__forms__search_test: 0,
    settings__forms__force_protection: 0,
    settings__forms__wc_add_to_cart: 1,
    settings__sfw__anti_crawler: 0,
    pixel__setting: 0,
    pixel__enabled: false,
    pixel__url: '',
    ct_checkjs_key: CHECKJS,
    bot_detector_forms_excluded: btoa('[]'),
    ...pub,
  };
}

/** What a call answers: status and text. */
export function answer(status: number, body: unknown, type = 'application/json') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });
}

export function usePage() {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    localStorage.clear();
    sessionStorage.clear();
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
    document.body.innerHTML = '';
    configure();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** The stored value of a signal in the `none` mode (local or session storage, with liveness). */
export function stored(name: string): unknown {
  const raw = localStorage.getItem(`apbct:${name}`) ?? sessionStorage.getItem(`apbct:${name}`);
  return raw === null ? undefined : (JSON.parse(raw) as { value: unknown }).value;
}

/** The digest the page's solver looks for: PBKDF2-SHA-256 of salt and number, `cost` iterations. */
async function pbkdf2(salt: string, number: number, cost: number) {
  const e = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', e.encode(salt + number), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: e.encode(salt), iterations: cost },
    key,
    256,
  );
  return Array.from(new Uint8Array(bits), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A step-up answer whose puzzle's number is 7. */
export async function stepUp() {
  const salt = 'abc?expires=1&bind=x';
  const challenge = await pbkdf2(salt, 7, 10);
  return {
    apbct: { blocked: true, comment: 'One more moment.', stop_script: 0 },
    [STEP_UP_ANSWER]: { algorithm: 'PBKDF2-SHA-256', challenge, maxnumber: 50, cost: 10, salt, signature: 's' },
  };
}

/** The number a solved step-up field answers. */
export const solvedNumber = (value: string | null | undefined) =>
  value ? (JSON.parse(atob(value)) as { number: number }).number : null;
