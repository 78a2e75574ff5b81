import {
  BAD_REST_NONCE,
  DEFAULT_REST_ROOT,
  NONCE_ACTIONS,
  REST_INVALID_BODY,
  REST_NAMESPACE,
  REST_NO_ROUTE,
  restInvalidParams,
} from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { clientErrorStatus, errorAnswer } from '../errors.js';
import { execute } from './execute.js';
import { mayCall } from './may-call.js';
import { fieldErrors, normaliseFields } from '../plugins/bodies.js';

const FORBIDDEN = {
  status: 403,
  body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } },
} as const;

/** `POST /wp-json/cleantalk-antispam/v1/{route}` with the nonce in `X-WP-Nonce`, in WordPress's REST shapes. */
export async function restRoute(app: FastifyInstance) {
  app.setErrorHandler(async (error, request, reply) => {
    if (clientErrorStatus(error, request) === undefined) {
      request.log.error({ err: error }, 'REST handler failed');
      const { status, retryAfter } = errorAnswer(error, request);
      if (retryAfter !== undefined) {
        return reply
          .code(status)
          .header('retry-after', String(retryAfter))
          .send({ code: 'service_unavailable', message: 'Please try again shortly.', data: { status } });
      }
      return reply
        .code(500)
        .send({ code: 'internal_server_error', message: 'The server could not answer.', data: { status: 500 } });
    }
    return reply.code(REST_INVALID_BODY.status).send(REST_INVALID_BODY.body);
  });

  const prefix = `${DEFAULT_REST_ROOT}${REST_NAMESPACE}/`;

  // Answers are returned for Fastify to send (see `execute`): objects as JSON by Fastify's
  // serializer. Not async, as the admin-ajax dispatcher: an answer known at once needs no promise.
  app.post(`${prefix}:route`, (request, reply) => {
    const { route } = request.params as { route: string };
    // As in WordPress, the cookie nonce is checked while authenticating, before any route is matched.
    if (!app.nonces.verify(request.headers['x-wp-nonce'], NONCE_ACTIONS.rest, request.nonceSession)) {
      reply.code(BAD_REST_NONCE.status);
      return BAD_REST_NONCE.body;
    }
    const entry = app.calls.byRoute(route);
    const rest = entry?.call.rest;
    if (!entry || !rest) {
      reply.code(REST_NO_ROUTE.status);
      return REST_NO_ROUTE.body;
    }
    const { call, handler } = entry;
    if (!mayCall(call.access, request.user)) {
      reply.code(FORBIDDEN.status);
      return FORBIDDEN.body;
    }
    const fields = { ...normaliseFields(request.query), ...normaliseFields(request.body) };
    const parsed = call.request.safeParse(fields);
    if (!parsed.success) {
      const invalid = restInvalidParams(fieldErrors(parsed.error.issues));
      reply.code(invalid.status);
      return invalid.body;
    }
    const context = { request, reply, transport: 'rest' as const };
    return execute(call, handler, parsed.data, context, rest.answer, app.config.strictAnswers);
  });

  // Any other method or path under the REST root is no route, in WordPress's words.
  app.all(`${DEFAULT_REST_ROOT}*`, async (_request, reply) =>
    reply.code(REST_NO_ROUTE.status).send(REST_NO_ROUTE.body),
  );
}
