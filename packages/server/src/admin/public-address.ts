import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Address ranges a server-side fetch must never reach: this machine, private networks, link-local
 * (cloud metadata at 169.254.169.254 included), carrier-grade NAT, documentation, benchmarking,
 * multicast and reserved space. IPv6 forms that wrap an IPv4 address are unwrapped first.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, in any spelling (long or short, dotted or hex):
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48) and 6to4 (2002:aabb:ccdd::). Parsed by ipaddr.js, not matched as text,
 * so no form slips past.
 */
function embeddedIpv4(address: ipaddr.IPv6): string | undefined {
  const parts = address.parts;
  const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = parts;
  if (p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0 && (p5 === 0 || p5 === 0xffff)) return v4(p6, p7);
  // ::ffff:0:a.b.c.d, the IPv4-translated form.
  if (p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0xffff && p5 === 0) return v4(p6, p7);
  if (p0 === 0x64 && p1 === 0xff9b) return v4(p6, p7);
  if (p0 === 0x2002) return v4(p1, p2);
  return undefined;
}

/** True only for an IP address on the public internet. Anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const parsed = ipaddr.IPv6.parse(bare);
  const inner = embeddedIpv4(parsed);
  if (inner !== undefined) return !blocked.check(inner, 'ipv4');
  return !blocked.check(parsed.toNormalizedString(), 'ipv6');
}
