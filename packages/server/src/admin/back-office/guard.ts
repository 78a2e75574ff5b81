import { createHmac, timingSafeEqual } from 'node:crypto';
import { NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstString, normaliseFields } from '../../plugins/bodies.js';
import type { SessionUser } from '../../plugins/session.js';
import { admitTo, type AdminArea } from '../access.js';

/**
 * The page's user when their role may use the area. Otherwise the back office's one refusal is
 * sent (`admitTo`: the 403 page, offering a visitor the sign-in that comes back) and the caller
 * returns `reply`.
 */
export async function staffForPage(
  request: FastifyRequest,
  reply: FastifyReply,
  area: AdminArea,
): Promise<SessionUser | null> {
  if (!(await admitTo(request, reply, area))) return null;
  return request.user;
}

/**
 * A back-office form post: its user when their role may use the area and the form's nonce
 * holds, with the form's fields. The wrong role or a visitor gets the refusal; an expired form
 * goes back to `back` with nothing done.
 */
export async function staffForPost(
  request: FastifyRequest,
  reply: FastifyReply,
  area: AdminArea,
  back: string,
): Promise<{ user: SessionUser; fields: Record<string, unknown> } | null> {
  if (!(await admitTo(request, reply, area)) || !request.user) return null;
  const fields = normaliseFields(request.body);
  if (!request.server.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
    await reply.redirect(withDone(request, back, 'The form expired. Please try again.'), 303);
    return null;
  }
  return { user: request.user, fields };
}

/**
 * `path` with the message of what was done, for the page's announcement. The message is signed
 * for this session, so a link from elsewhere cannot make the back office say what it likes.
 */
export function withDone(request: FastifyRequest, path: string, done: string): string {
  const signature = doneSignature(request, done);
  return `${path}${path.includes('?') ? '&' : '?'}done=${encodeURIComponent(done)}&ds=${signature}`;
}

/** The `done` message a redirect carried, when its signature holds; bounded, shown only as text. */
export function doneFrom(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const done = firstString(query?.done);
  const signature = firstString(query?.ds) ?? '';
  if (!done || done.length > 500) return null;
  const expected = doneSignature(request, done);
  const same = signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  return same ? done : null;
}

const doneSignature = (request: FastifyRequest, done: string) =>
  createHmac('sha256', request.server.serverSecret)
    .update(`back-office-done\0${request.nonceSession}\0${done}`)
    .digest('base64url')
    .slice(0, 22);

/** Whether the post came from the page's script, which wants a short answer, not a page. */
export const wantsJson = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('application/json');
