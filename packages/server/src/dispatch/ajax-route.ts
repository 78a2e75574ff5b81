import { ajaxInvalidParams, BAD_AJAX_NONCE, DEFAULT_AJAX_PATH, UNKNOWN_ACTION } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorStatus, errorAnswer } from '../errors.js';
import { execute } from './execute.js';
import { fieldErrors, firstString, normaliseFields } from '../plugins/bodies.js';

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

  const dispatch = async (fields: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => {
    const action = firstString(fields.action);
    const entry = action ? app.calls.byAction(action) : undefined;
    if (!entry?.call.ajax) {
      return reply.code(UNKNOWN_ACTION.status).type('text/plain; charset=utf-8').send(UNKNOWN_ACTION.body);
    }
    const { call, handler } = entry;
    const ajax = entry.call.ajax;

    if (call.access !== 'public') {
      const allowed = request.user && (call.access === 'user' || request.user.role === 'administrator');
      if (!allowed)
        return reply.code(BAD_AJAX_NONCE.status).type('text/plain; charset=utf-8').send(BAD_AJAX_NONCE.body);
    }
    if (
      ajax.nonce &&
      !app.nonces.verify(firstString(fields[ajax.nonce.field]), ajax.nonce.action, request.nonceSession)
    ) {
      const fail = ajax.nonce.onFail;
      if (fail) return reply.code(fail.status).type('application/json; charset=utf-8').send(JSON.stringify(fail.body));
      return reply.code(BAD_AJAX_NONCE.status).type('text/plain; charset=utf-8').send(BAD_AJAX_NONCE.body);
    }

    const parsed = call.request.safeParse(fields);
    if (!parsed.success) {
      const invalid = ajaxInvalidParams(fieldErrors(parsed.error.issues));
      return reply.code(invalid.status).type('application/json; charset=utf-8').send(JSON.stringify(invalid.body));
    }
    await execute(
      call,
      handler,
      parsed.data,
      { request, reply, transport: 'ajax' },
      ajax.answer,
      app.config.strictAnswers,
    );
    return reply;
  };

  app.post(DEFAULT_AJAX_PATH, async (request, reply) => dispatch(normaliseFields(request.body), request, reply));
  // GET calls carry their data in the query string.
  app.get(DEFAULT_AJAX_PATH, async (request, reply) => dispatch(normaliseFields(request.query), request, reply));
}
