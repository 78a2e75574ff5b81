import { Resolver } from 'node:dns/promises';

/** What DNS says about a mail domain. `unknown` is a failure to ask, never a verdict. */
export type MailDomainState = 'accepts-mail' | 'no-mail' | 'unknown';

export interface MxLookupOptions {
  /** `host` or `host:port` of the resolvers to ask; the system's when empty. */
  servers: string[];
  timeoutMs: number;
  cacheTtlMs: number;
  now?: () => number;
}

const NO_SUCH = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * MX lookup with the A record as fallback (RFC 5321 §5.1: a domain without MX receives mail at
 * its address), through a configurable resolver with a timeout and a cache.
 */
export function createMxLookup(options: MxLookupOptions): (domain: string) => Promise<MailDomainState> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  const now = options.now ?? Date.now;
  const cache = new Map<string, { state: MailDomainState; expires: number }>();

  async function ask<T>(query: () => Promise<T[]>): Promise<'found' | 'none' | 'unknown'> {
    try {
      return (await query()).length > 0 ? 'found' : 'none';
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      return NO_SUCH.has(code) ? 'none' : 'unknown';
    }
  }

  return async (domain) => {
    const key = domain.toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.state;
    const mx = await ask(() => resolver.resolveMx(key));
    const state: MailDomainState =
      mx === 'found'
        ? 'accepts-mail'
        : mx === 'unknown'
          ? 'unknown'
          : await ask(() => resolver.resolve4(key)).then((a) =>
              a === 'found' ? 'accepts-mail' : a === 'none' ? 'no-mail' : 'unknown',
            );
    // An unknown answer is kept briefly, so one slow resolver does not stall every form.
    cache.set(key, { state, expires: now() + (state === 'unknown' ? 30_000 : options.cacheTtlMs) });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
    return state;
  };
}
