import type { FastifyReply, FastifyRequest } from 'fastify';
import { createVisitorIds, type VisitorIds } from './visitors.js';

/**
 * What an anonymous visitor's nonces are bound to (issue 17, "Login CSRF"): a signed id in a
 * cookie of its own, so the form and call nonces of one browser are worthless in another. A
 * nonce another site fetched for itself does not pass for this visitor's.
 *
 * The cookie is given on a top-level page load of a browser that says so (`Sec-Fetch-Dest:
 * document`): a page framed by another site gets no first-party cookie back on its calls, so
 * the embed page, scripts and clients without the cookie keep nonces bound to no one, as before.
 */
export const FORM_BINDING_COOKIE = 'waymark_form';
const SECURE_FORM_BINDING_COOKIE = `__Host-${FORM_BINDING_COOKIE}`;
const COOKIE_DAYS = 30;

export function createFormBinding(secret: string) {
  // Its own key: a vote cookie is no form binding, nor the other way round.
  const ids: VisitorIds = createVisitorIds(`${secret}|form-binding`);
  return {
    /**
     * The nonce session of an anonymous request: its bound id, a new one (with its cookie set on
     * the reply) for a top-level page load without one, or '' for any other request.
     */
    nonceSession(request: FastifyRequest, reply: FastifyReply, https: boolean): string {
      const name = https ? SECURE_FORM_BINDING_COOKIE : FORM_BINDING_COOKIE;
      const id = ids.verify(request.cookies[name]);
      if (id) return `visitor:${id}`;
      const topLevelPage =
        (request.method === 'GET' || request.method === 'HEAD') && request.headers['sec-fetch-dest'] === 'document';
      if (!topLevelPage) return '';
      const issued = ids.issue();
      reply.setCookie(name, issued.cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: https,
        maxAge: COOKIE_DAYS * 86_400,
      });
      return `visitor:${issued.id}`;
    },
  };
}
