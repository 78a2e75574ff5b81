import { accountCalls } from './accounts.js';
import { antispamCalls } from './antispam.js';
import type { CallDef } from './define.js';
import { directoryCalls } from './directory.js';
import { reviewCalls } from './reviews.js';
import { shopCalls } from './shop.js';
import { suggestCalls } from './suggest.js';
import { themeCalls } from './theme.js';

/** Every call both specifications name, by catalogue key. */
export const catalogue: readonly CallDef[] = [
  ...antispamCalls,
  ...directoryCalls,
  ...themeCalls,
  ...suggestCalls,
  ...reviewCalls,
  ...accountCalls,
  ...shopCalls,
];

/** Checks that no two calls share an admin-ajax action or a REST route. */
export function assertCatalogueConsistent(calls: readonly CallDef[]): void {
  const seen = new Set<string>();
  for (const call of calls) {
    for (const key of [call.ajax && `ajax:${call.ajax.action}`, call.rest && `rest:${call.rest.route}`]) {
      if (!key) continue;
      if (seen.has(key)) throw new Error(`Two calls claim ${key}`);
      seen.add(key);
    }
    if (!call.ajax && !call.rest) throw new Error(`Call ${call.name} has no transport`);
  }
}
