import { ajaxInvalidParams, BAD_AJAX_NONCE, DEFAULT_AJAX_PATH, UNKNOWN_ACTION } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorStatus, errorAnswer } from '../errors.js';
import { answer, execute } from './execute.js';
import { mayCall } from './may-call.js';
import { fieldErrors, firstString, normaliseFields } from '../plugins/bodies.js';
import { sentFromAnotherSite } from '../plugins/site-origin.js';

/**
 * `POST /wp-admin/admin-ajax.php`: the field `action` picks the handler. Answers exactly as
 * PROTOCOL.md section 1 says: `0`/400 for an unknown action, `-1`/403 for a bad nonce.
 */
export async function ajaxRoute(app: FastifyInstance) {
  // A body that cannot be parsed has no action to dispatch on: the unknown-action answer.
  app.setErrorHandler(async (error, request, reply) => {
    if (clientErrorStatus(error, request) === undefined) {
      request.log.error({ err: error }, 'admin-ajax handler failed');
      const { status, retryAfter } = errorAnswer(error, request);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.code(status).type('text/plain; charset=utf-8').send('0');
    }
    return reply.code(UNKNOWN_ACTION.status).type('text/plain; charset=utf-8').send(UNKNOWN_ACTION.body);
  });

  // Each answer is returned for Fastify to send (see `execute`), not sent here. Not async: an
  // answer known at once (an unknown action, a bad nonce) goes out without a promise's detour.
  const dispatch = (fields: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => {
    const action = firstString(fields.action);
    const entry = action ? app.calls.byAction(action) : undefined;
    const ajax = entry?.call.ajax;
    if (!entry || !ajax) return answer(reply, UNKNOWN_ACTION.status, UNKNOWN_ACTION.body, 'text');
    const { call, handler } = entry;

    if (!mayCall(call.access, request.user)) return answer(reply, BAD_AJAX_NONCE.status, BAD_AJAX_NONCE.body, 'text');
    // A call made as the signed-in user (a bookmark, the staff's link fetcher) is taken only as a
    // POST from our own pages: the session cookie rides along on a link's GET and on another
    // site's form or fetch alike, and these calls carry no nonce of the protocol's (issue 33).
    if (call.access !== 'public' && (request.method !== 'POST' || sentFromAnotherSite(request))) {
      return answer(reply, BAD_AJAX_NONCE.status, BAD_AJAX_NONCE.body, 'text');
    }
    if (
      ajax.nonce &&
      !app.nonces.verify(firstString(fields[ajax.nonce.field]), ajax.nonce.action, request.nonceSession)
    ) {
      const fail = ajax.nonce.onFail;
      if (fail) return answer(reply, fail.status, fail.body, 'json');
      return answer(reply, BAD_AJAX_NONCE.status, BAD_AJAX_NONCE.body, 'text');
    }

    const parsed = call.request.safeParse(fields);
    if (!parsed.success) {
      const invalid = ajaxInvalidParams(fieldErrors(parsed.error.issues));
      return answer(reply, invalid.status, invalid.body, 'json');
    }
    const context = { request, reply, transport: 'ajax' as const };
    return execute(call, handler, parsed.data, context, ajax.answer, app.config.strictAnswers);
  };

  app.post(DEFAULT_AJAX_PATH, (request, reply) => dispatch(normaliseFields(request.body), request, reply));
  // GET calls carry their data in the query string.
  app.get(DEFAULT_AJAX_PATH, (request, reply) => dispatch(normaliseFields(request.query), request, reply));
}
