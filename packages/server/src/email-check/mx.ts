import { Resolver } from 'node:dns/promises';

/** What DNS says about a mail domain. `unknown` is a failure to ask, never a verdict. */
export type MailDomainState = 'accepts-mail' | 'no-mail' | 'unknown';

export interface MxLookupOptions {
  /** `host` or `host:port` of the resolvers to ask; the system's when empty. */
  servers: string[];
  timeoutMs: number;
  cacheTtlMs: number;
  /**
   * A domain that receives mail on the public internet. When a domain seems to take no mail,
   * the canary is asked through the same resolver: a resolver that cannot find it either is
   * offline or firewalled, and its "no such domain" is a failure to check, not a verdict.
   */
  canary?: string;
  /** How long the canary's answer is trusted. */
  canaryTtlMs?: number;
  now?: () => number;
}

const NO_SUCH = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const UNKNOWN_TTL_MS = 30_000;
const DEFAULT_CANARY_TTL_MS = 5 * 60_000;

/**
 * MX lookup with the A record as fallback (RFC 5321 §5.1: a domain without MX receives mail at
 * its address), through a configurable resolver with a timeout and a cache. A "no mail" answer
 * stands only while the resolver can find the canary domain.
 */
export function createMxLookup(options: MxLookupOptions): (domain: string) => Promise<MailDomainState> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const now = options.now ?? Date.now;
  const canaryTtlMs = options.canaryTtlMs ?? DEFAULT_CANARY_TTL_MS;
  const cache = new Map<string, { state: MailDomainState; expires: number }>();
  let canary: { works: Promise<boolean>; expires: number } | null = null;

  async function ask<T>(query: () => Promise<T[]>): Promise<'found' | 'none' | 'unknown'> {
    try {
      return (await query()).length > 0 ? 'found' : 'none';
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      return NO_SUCH.has(code) ? 'none' : 'unknown';
    }
  }

  async function askDns(domain: string): Promise<MailDomainState> {
    const mx = await ask(() => resolver.resolveMx(domain));
    if (mx === 'found') return 'accepts-mail';
    if (mx === 'unknown') return 'unknown';
    const a = await ask(() => resolver.resolve4(domain));
    return a === 'found' ? 'accepts-mail' : a === 'none' ? 'no-mail' : 'unknown';
  }

  /** Whether the resolver finds the canary; one question at a time, its answer kept a while. */
  function resolverWorks(): Promise<boolean> {
    if (!options.canary) return Promise.resolve(true);
    if (!canary || canary.expires <= now()) {
      canary = {
        works: askDns(options.canary).then((state) => state === 'accepts-mail'),
        expires: now() + canaryTtlMs,
      };
    }
    return canary.works;
  }

  return async (domain) => {
    const key = domain.toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.state;
    let state = await askDns(key);
    if (state === 'no-mail' && !(await resolverWorks())) state = 'unknown';
    // An unknown answer is kept briefly, so one slow resolver does not stall every form.
    cache.set(key, { state, expires: now() + (state === 'unknown' ? UNKNOWN_TTL_MS : options.cacheTtlMs) });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
    return state;
  };
}
