import type { FastifyReply, FastifyRequest } from 'fastify';
import { visitorHash, type ShieldKeys } from '../shield/index.js';

/**
 * After a person decodes contacts, a signed pass lets later pages show in clear the contacts
 * that visitor decoded, and only those (a keyed short hash of each): decoding one phone does
 * not unseal every phone of the directory. The pass is bound to the visitor's address and
 * browser, so a copied cookie does nothing elsewhere.
 */
export const CONTACT_PASS_COOKIE = 'waymark_contacts';
const PASS_SECONDS = 12 * 3600;
/** The most contacts one pass remembers; the oldest go first. */
export const PASS_MAX_CONTACTS = 120;

export const contactHash = (keys: ShieldKeys, contact: string) => keys.mac('contact', contact.trim()).slice(0, 12);

const sign = (keys: ShieldKeys, request: FastifyRequest, expires: number, list: string) =>
  keys.mac('contact-pass', `${visitorHash(keys, request)}|${expires}|${list}`).slice(0, 40);

/** The hashes of the contacts this visitor decoded, or an empty set without a valid pass. */
export function readContactPass(keys: ShieldKeys, request: FastifyRequest, now = Date.now()): Set<string> {
  const value = request.cookies[CONTACT_PASS_COOKIE];
  const match = value && value.length < 4_000 ? /^(\d{10})\.((?:[0-9a-f]{12}-?)*)\.([0-9a-f]{40})$/.exec(value) : null;
  if (!match) return new Set();
  const expires = Number(match[1]);
  const list = match[2] ?? '';
  if (expires <= now / 1000 || !keys.same(match[3]!, sign(keys, request, expires, list))) return new Set();
  return new Set(list.split('-').filter(Boolean));
}

/** Adds the decoded contacts to the visitor's pass. */
export function grantContactPass(
  keys: ShieldKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  decoded: string[],
  now = Date.now(),
) {
  const hashes = [...new Set([...readContactPass(keys, request, now), ...decoded.map((c) => contactHash(keys, c))])];
  const list = hashes.slice(-PASS_MAX_CONTACTS).join('-');
  const expires = Math.floor(now / 1000) + PASS_SECONDS;
  reply.setCookie(CONTACT_PASS_COOKIE, `${expires}.${list}.${sign(keys, request, expires, list)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: PASS_SECONDS,
  });
}
