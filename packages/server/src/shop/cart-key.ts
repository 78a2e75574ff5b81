import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_COOKIE } from '../plugins/visitors.js';

const COOKIE_DAYS = 30;

/**
 * The visitor's cart: the signed anonymous visitor cookie the upvotes use, stored as its keyed
 * hash. `issue` makes the cookie when there is none yet (adding to the cart); reading never does.
 */
export function cartKey(request: FastifyRequest, reply?: FastifyReply): string | null {
  const { visitors } = request.server;
  const id = visitors.verify(request.cookies[VISITOR_COOKIE]);
  if (id) return visitors.voterKey(id);
  if (!reply) return null;
  const issued = visitors.issue();
  reply.setCookie(VISITOR_COOKIE, issued.cookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: COOKIE_DAYS * 24 * 60 * 60,
  });
  return visitors.voterKey(issued.id);
}
