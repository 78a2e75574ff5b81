import type { SharedState } from '../shared-state/shared-state.js';
import { LRUCache } from 'lru-cache';
import { normalizeName } from './normalize.js';
import type { ReverseParams, SearchParams } from './params.js';

/**
 * Forwarding to a Nominatim instance (GEOCODER_URL), on the public service's terms: an
 * identifying User-Agent, at most one request a second, every answer cached. Each request
 * claims the next second in the shared state, so several instances on one Redis make one
 * request a second between them; a request that finds the second taken is not queued but answered from the
 * gazetteer at once (a person typing wants an answer now, and the next keystroke comes soon).
 * The cache is each instance's own. A slow, failing or nonsensical upstream answer also falls
 * back to the gazetteer, and the upstream is left alone for a while after a failure.
 */

export interface UpstreamOptions {
  baseUrl: string;
  userAgent: string;
  state: SharedState;
  timeoutMs?: number;
  cacheEntries?: number;
  cacheTtlMs?: number;
  /** How long a failed upstream is left alone before it is tried again. */
  pauseAfterFailureMs?: number;
  now?: () => number;
  onFailure?: (reason: string) => void;
}

export interface Upstream {
  /** Nominatim's answer, or null when the gazetteer must answer instead. */
  search(params: SearchParams): Promise<unknown[] | null>;
  reverse(params: ReverseParams): Promise<Record<string, unknown> | null>;
}

const DEFAULTS = {
  timeoutMs: 2_000,
  cacheEntries: 10_000,
  // Place names change slowly; the public service asks clients to cache.
  cacheTtlMs: 24 * 60 * 60 * 1000,
  pauseAfterFailureMs: 30_000,
};

const RATE_KEY = 'geocoder:upstream';

type Answer = unknown[] | Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a page needs of a place: the rest is passed through as Nominatim wrote it. */
const isPlace = (value: unknown) =>
  isRecord(value) &&
  typeof value.display_name === 'string' &&
  typeof value.lat === 'string' &&
  typeof value.lon === 'string';

export function createUpstream(options: UpstreamOptions): Upstream {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, Answer>({
    max: settings.cacheEntries,
    ttl: settings.cacheTtlMs,
    ttlResolution: 0,
    perf: { now },
  });
  const inFlight = new Map<string, Promise<Answer | null>>();
  let pausedUntil = 0;

  async function fetchAnswer(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${settings.baseUrl}${path}?${new URLSearchParams(query).toString()}`;
    const response = await fetch(url, {
      headers: { 'user-agent': settings.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return response.json();
  }

  async function forward(
    key: string,
    path: string,
    query: Record<string, string>,
    valid: (answer: unknown) => answer is Answer,
  ): Promise<Answer | null> {
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = inFlight.get(key);
    if (pending) return pending;
    if (now() < pausedUntil) return null;

    // Registered before the first await, so the same question asked meanwhile waits for it.
    const request = (async () => {
      try {
        // Held for one second from this request on: the next may go a full second later, not
        // at the next tick of the clock.
        if (!(await settings.state.claim(RATE_KEY, 1))) return null;
        const answer = await fetchAnswer(path, query);
        if (!valid(answer)) throw new Error('answered something that is not a Nominatim answer');
        cache.set(key, answer);
        return answer;
      } catch (error) {
        pausedUntil = now() + settings.pauseAfterFailureMs;
        settings.onFailure?.(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, request);
    return request;
  }

  return {
    async search({ q, limit, addressDetails }) {
      const key = `search|${normalizeName(q)}|${limit}|${addressDetails ? 1 : 0}`;
      const query = { format: 'json', limit: String(limit), addressdetails: addressDetails ? '1' : '0', q };
      const answer = await forward(key, '/search', query, (a): a is unknown[] => Array.isArray(a) && a.every(isPlace));
      return Array.isArray(answer) ? answer : null;
    },
    async reverse({ lat, lon, zoom, addressDetails }) {
      // Six decimals is about 10 cm: finer differences are the same place.
      const at = { lat: lat.toFixed(6), lon: lon.toFixed(6) };
      const key = `reverse|${at.lat}|${at.lon}|${zoom}|${addressDetails ? 1 : 0}`;
      const query = { format: 'json', ...at, zoom: String(zoom), addressdetails: addressDetails ? '1' : '0' };
      const answer = await forward(
        key,
        '/reverse',
        query,
        (a): a is Record<string, unknown> => isPlace(a) || (isRecord(a) && typeof a.error === 'string'),
      );
      return isRecord(answer) ? answer : null;
    },
  };
}
