import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { ShieldSettings } from '@waymark/protocol';

/** The configurable block lists (client address ranges, e-mail domains, words) and the allow list. */

type AddressSetting = 'blockedIpRanges' | 'trustedIpRanges';
const lists: Record<AddressSetting, WeakMap<ShieldSettings, BlockList>> = {
  blockedIpRanges: new WeakMap(),
  trustedIpRanges: new WeakMap(),
};

function addressList(settings: ShieldSettings, which: AddressSetting): BlockList {
  let list = lists[which].get(settings);
  if (list) return list;
  list = new BlockList();
  for (const entry of settings[which]) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!type) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  lists[which].set(settings, list);
  return list;
}

function listed(settings: ShieldSettings, which: AddressSetting, ip: string): boolean {
  if (settings[which].length === 0) return false;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
  return type !== null && addressList(settings, which).check(plain, type);
}

export const addressBlocked = (settings: ShieldSettings, ip: string) => listed(settings, 'blockedIpRanges', ip);
export const addressTrusted = (settings: ShieldSettings, ip: string) => listed(settings, 'trustedIpRanges', ip);

const EMAIL = /[^\s@<>"',;]+@([a-z0-9.-]+\.[a-z]{2,})/gi;

export function emailDomainBlocked(settings: ShieldSettings, texts: string[]): boolean {
  if (settings.blockedEmailDomains.length === 0) return false;
  for (const text of texts) {
    for (const [, domain = ''] of text.matchAll(EMAIL)) {
      const host = domain.toLowerCase();
      if (settings.blockedEmailDomains.some((d) => host === d || host.endsWith(`.${d}`))) return true;
    }
  }
  return false;
}

export function wordBlocked(settings: ShieldSettings, texts: string[]): boolean {
  if (settings.blockedWords.length === 0) return false;
  const haystack = texts.join('\n').toLowerCase();
  return settings.blockedWords.some((word) => {
    const at = haystack.indexOf(word);
    if (at < 0) return false;
    // Whole words only: "ass" must not block "class".
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);
  });
}
