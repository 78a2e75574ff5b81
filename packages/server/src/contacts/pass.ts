import type { FastifyReply, FastifyRequest } from 'fastify';
import { visitorHash, type ShieldKeys } from '../shield/index.js';

/**
 * After a person decodes contacts, a signed pass lets later pages show them in clear to that
 * visitor alone: the pass is bound to the visitor's address and browser, so a copied cookie
 * does nothing elsewhere.
 */
export const CONTACT_PASS_COOKIE = 'waymark_contacts';
const PASS_SECONDS = 12 * 3600;

const sign = (keys: ShieldKeys, request: FastifyRequest, expires: number) =>
  keys.mac('contact-pass', `${visitorHash(keys, request)}|${expires}`).slice(0, 40);

export function grantContactPass(keys: ShieldKeys, request: FastifyRequest, reply: FastifyReply, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PASS_SECONDS;
  reply.setCookie(CONTACT_PASS_COOKIE, `${expires}.${sign(keys, request, expires)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: PASS_SECONDS,
  });
}

export function hasContactPass(keys: ShieldKeys, request: FastifyRequest, now = Date.now()): boolean {
  const value = request.cookies[CONTACT_PASS_COOKIE];
  const match = value ? /^(\d{10})\.([0-9a-f]{40})$/.exec(value) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  return expires > now / 1000 && keys.same(match[2]!, sign(keys, request, expires));
}
