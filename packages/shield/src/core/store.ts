import { SESSION_SIGNALS, SHIELD, type CookieType } from '@waymark/protocol/plain';
import { str } from './config.js';
import { parseQuietly } from './encode.js';

/**
 * Where signals live (spec section 4, "Cookie type"): `none` keeps them in local and session
 * storage (and forms carry them in the no-cookie field), `native` in real cookies, `alternative`
 * in local storage mirrored to the server's alt-session call.
 */
export interface Store {
  readonly mode: CookieType;
  get(name: string): unknown;
  set(name: string, value: unknown, maxAgeSeconds?: number): void;
  remove(name: string): void;
  /** Every stored signal, for a payload. */
  snapshot(): Record<string, unknown>;
}

interface Entry {
  value: unknown;
  /** Seconds. */
  timestamp: number;
  /** Seconds; absent means the default liveness. */
  ttl?: number;
}

const seconds = () => Math.floor(Date.now() / 1000);
const KEY_PREFIX = 'apbct:';

/** Local or session storage with liveness, falling back to memory where storage is refused. */
function webStorage(kind: 'localStorage' | 'sessionStorage') {
  const memory = new Map<string, string>();
  let area: globalThis.Storage | null = null;
  try {
    area = globalThis[kind];
    area.setItem(`${KEY_PREFIX}probe`, '1');
    area.removeItem(`${KEY_PREFIX}probe`);
  } catch {
    area = null;
  }
  const read = (k: string) => (area ? area.getItem(k) : (memory.get(k) ?? null));
  return {
    get(name: string): unknown {
      const raw = read(KEY_PREFIX + name);
      if (raw === null) return undefined;
      try {
        const entry = JSON.parse(raw) as Entry;
        if (seconds() - entry.timestamp < (entry.ttl ?? SHIELD.storageLivenessSeconds)) return entry.value;
      } catch {
        // A foreign or broken entry: dropped below.
      }
      this.remove(name);
      return undefined;
    },
    set(name: string, value: unknown, ttl?: number) {
      const entry: Entry = { value, timestamp: seconds(), ...(ttl ? { ttl } : {}) };
      const raw = JSON.stringify(entry);
      try {
        if (area) area.setItem(KEY_PREFIX + name, raw);
        else memory.set(KEY_PREFIX + name, raw);
      } catch {
        memory.set(KEY_PREFIX + name, raw);
      }
    },
    remove(name: string) {
      area?.removeItem(KEY_PREFIX + name);
      memory.delete(KEY_PREFIX + name);
    },
    names(): string[] {
      const keys = area ? Array.from({ length: area.length }, (_, i) => area?.key(i) ?? '') : [...memory.keys()];
      return keys.filter((k) => k.startsWith(KEY_PREFIX)).map((k) => k.slice(KEY_PREFIX.length));
    },
  };
}

/** Storage mode `none`, and the local half of `alternative`. */
function storageStore(mode: CookieType, onSet?: (name: string, value: unknown) => void): Store {
  const local = webStorage('localStorage');
  const session = webStorage('sessionStorage');
  const areaOf = (name: string) => (SESSION_SIGNALS.includes(name as never) ? session : local);
  return {
    mode,
    get: (name) => areaOf(name).get(name),
    set(name, value, ttl) {
      areaOf(name).set(name, value, ttl);
      onSet?.(name, value);
    },
    remove: (name) => areaOf(name).remove(name),
    snapshot() {
      const out: Record<string, unknown> = {};
      for (const area of [local, session]) for (const name of area.names()) out[name] = area.get(name);
      return out;
    },
  };
}

/** Cookie writes are secure on https, SameSite=Lax, path / (spec section 5). */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}${secure}`;
}

export function readCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    try {
      out[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A cookie another script wrote in its own encoding.
    }
  }
  return out;
}

const encode = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function cookieStore(prefix: string, known: readonly string[]): Store {
  return {
    mode: 'native',
    get: (name) => {
      const raw = readCookies()[prefix + name];
      return raw === undefined ? undefined : parseQuietly(raw);
    },
    set: (name, value, maxAge) => writeCookie(prefix + name, encode(value), maxAge),
    remove: (name) => writeCookie(prefix + name, '', 0),
    snapshot() {
      const all = readCookies();
      const out: Record<string, unknown> = {};
      for (const name of known)
        if (all[prefix + name] !== undefined) out[name] = parseQuietly(all[prefix + name] ?? '');
      return out;
    },
  };
}

/** Whether this browser keeps the cookies the page writes: if not, `native` is forced to `alternative`. */
export function cookiesWork(): boolean {
  if (navigator.cookieEnabled === false) return false;
  try {
    writeCookie('apbct_cookie_test', '1');
    const works = readCookies().apbct_cookie_test === '1';
    writeCookie('apbct_cookie_test', '', 0);
    return works;
  } catch {
    return false;
  }
}

export interface StoreOptions {
  mode: CookieType;
  cookiePrefix?: unknown;
  /** Signal names a cookie snapshot looks for. */
  known: readonly string[];
  /** Sends changed signals to the server in the `alternative` mode. */
  saveRemote?: (changes: Record<string, unknown>) => void;
  /** How long changes gather before they are sent. */
  flushMs?: number;
}

/** The store for the configured mode; "forced alternative cookies" are decided here, at run time. */
export function createStore(options: StoreOptions): Store {
  let mode = options.mode;
  if (mode === 'native' && !cookiesWork()) mode = 'alternative';
  if (mode === 'native') return cookieStore(str(options.cookiePrefix), options.known);
  if (mode === 'none') return storageStore('none');

  let pending: Record<string, unknown> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  return storageStore('alternative', (name, value) => {
    pending[name] = value;
    timer ??= setTimeout(() => {
      const changes = pending;
      pending = {};
      timer = undefined;
      options.saveRemote?.(changes);
    }, options.flushMs ?? 1_000);
  });
}
