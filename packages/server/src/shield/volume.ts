import type { FastifyRequest } from 'fastify';
import { slidingHit } from '../shared-state/sliding-window.js';
import { visitorHash } from './client.js';
import type { ShieldKeys } from './keys.js';
import { networkOf, subnet64Of } from './rates.js';

/**
 * How many judged posts a sender made to one form in the last hour: this visitor (address and
 * browser), this address, and its networks (the /24 of IPv4; the /64 and /56 of IPv6, where one
 * person's devices and one customer's block live). A farm that rotates its browser still shares an
 * address, and one that rotates addresses inside its block still shares a network; each network
 * is shared by several people, so it counts `NETWORK_SHARE` posts as one.
 */

export const VOLUME_WINDOW_SECONDS = 3_600;
export const NETWORK_SHARE = 10;

/**
 * Counts this post of `form` (each form its own: a sign-in does not make a review dearer) and
 * answers the sender's posts in the hour as one figure, this one included: the largest of the
 * visitor's, the address's and a network's share.
 */
export async function countPosts(
  request: FastifyRequest,
  keys: ShieldKeys,
  form: string,
  now = Date.now(),
): Promise<number> {
  const state = request.server.state;
  const hash = (kind: string, value: string) => keys.mac('volume', `${form}|${kind}|${value}`).slice(0, 32);
  const hit = (kind: string, value: string) =>
    slidingHit(state, `shield:volume:${hash(kind, value)}`, VOLUME_WINDOW_SECONDS, now);
  const v6 = request.ip.includes(':') && !/^::ffff:\d/i.test(request.ip);
  const [visitor, address, network, block] = await Promise.all([
    hit('visitor', visitorHash(keys, request)),
    hit('address', request.ip),
    hit('network', networkOf(request.ip)),
    v6 ? hit('subnet', subnet64Of(request.ip)) : Promise.resolve(0),
  ]);
  return Math.max(visitor, address, Math.ceil(Math.max(network, block) / NETWORK_SHARE));
}
