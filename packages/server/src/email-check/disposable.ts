import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let domains: Set<string> | undefined;

/** Whether mail to this domain goes to a throwaway inbox, from the maintained community list. */
export function isDisposableDomain(domain: string): boolean {
  // About 120,000 names: loaded on the first check, not at start.
  domains ??= new Set(require('disposable-email-domains') as string[]);
  const name = domain.toLowerCase();
  if (domains.has(name)) return true;
  // Sub-domains of a throwaway service are throwaway too.
  const dot = name.indexOf('.');
  return dot > 0 && domains.has(name.slice(dot + 1));
}
