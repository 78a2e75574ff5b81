import { isIP } from 'node:net';
import type { ProtectedForm } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { slidingHit } from '../shared-state/sliding-window.js';

/**
 * Submission rates, each a sliding minute and each per form: of this address, and of its network
 * (the /24 of an IPv4 address, the /56 of an IPv6 one), which may hold several people behind one
 * router or a bot that changes address within its block, so it is allowed more.
 */

/** How many addresses' worth one network may send. */
export const NETWORK_FACTOR = 5;

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = ip.includes('::') ? Array<string>(8 - left.length - right.length).fill('0') : [];
  return [...left, ...middle, ...right].map((group) => group.padStart(4, '0'));
}

/** The address's network: the /24 of IPv4 (an IPv4-mapped IPv6 address included), the /56 of IPv6. */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? (isIP(ip) === 4 ? ip : null);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(ip) === 6) {
    const groups = expandIPv6(ip.split('%')[0] ?? ip);
    return `${groups.slice(0, 3).join(':')}:${(groups[3] ?? '0000').slice(0, 2)}00::/56`;
  }
  return ip;
}

/** The /64 of an IPv6 address (one customer's or one device's block); other addresses as they are. */
export function subnet64Of(ip: string): string {
  if (isIP(ip) !== 6 || /^::ffff:\d/i.test(ip)) return ip;
  return `${expandIPv6(ip.split('%')[0] ?? ip)
    .slice(0, 4)
    .join(':')}::/64`;
}

export interface Rates {
  address: number;
  network: number;
}

/** Counts this submission; `hash` keeps addresses out of the shared state. */
export async function countSubmission(
  request: FastifyRequest,
  form: ProtectedForm,
  hash: (value: string) => string,
): Promise<Rates> {
  const state = request.server.state;
  const [address, network] = await Promise.all([
    slidingHit(state, `shield:rate:${form}:ip:${hash(request.ip)}`, 60),
    slidingHit(state, `shield:rate:${form}:net:${hash(networkOf(request.ip))}`, 60),
  ]);
  return { address, network };
}

export const overRate = (rates: Rates, perMinute: number) =>
  rates.address > perMinute || rates.network > perMinute * NETWORK_FACTOR;
