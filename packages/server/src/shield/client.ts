import type { FastifyRequest } from 'fastify';
import type { ShieldKeys } from './keys.js';

/** Who is asking, without keeping who it is: keyed hashes of the client address and browser. */

/** The spam log's and the rate limit's client: the address alone. */
export const clientHash = (keys: ShieldKeys, request: FastifyRequest) => keys.mac('client', request.ip).slice(0, 32);

const header = (request: FastifyRequest, name: string) => String(request.headers[name] ?? '').slice(0, 500);

/** What an event token is bound to: address and user agent. */
export const visitorHash = (keys: ShieldKeys, request: FastifyRequest) =>
  keys.mac('visitor', `${request.ip}|${header(request, 'user-agent')}`).slice(0, 32);

/** The alt-session key of PROTOCOL.md section 3: address, user agent and accept-language. */
export const altSessionKey = (keys: ShieldKeys, request: FastifyRequest) =>
  keys.mac('alt-session', `${request.ip}|${header(request, 'user-agent')}|${header(request, 'accept-language')}`);
