import { FRESH_NONCE, NONCE_ACTIONS, NONCE_PATTERN } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { firstString } from '../plugins/bodies.js';

const ISSUABLE = Object.values(NONCE_ACTIONS);

/**
 * The fresh-nonce call: `POST` to the host with `spbc_remote_call_action=get_fresh_wpnonce`,
 * answered on any path, because the page layer builds its address from the bare host name.
 */
export const freshNoncePlugin = fp(
  async (app: FastifyInstance) => {
    // Synchronous for every other request, which only passes by: an async hook is a promise each.
    app.addHook('preHandler', (request, reply, done) => {
      const body = request.body as Record<string, unknown> | undefined;
      if (
        request.method !== 'POST' ||
        !body ||
        typeof body !== 'object' ||
        firstString(body[FRESH_NONCE.field]) !== FRESH_NONCE.action
      ) {
        done();
        return;
      }
      // A hook that answers does not call `done` (the request goes no further), unless it fails.
      answerFreshNonce(app, request, reply, body).catch(done);
    });
  },
  { name: 'fresh-nonce', dependencies: ['nonces', 'shared-state', 'bodies'] },
);

async function answerFreshNonce(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, unknown>,
) {
  // Sends and gives back nothing: a reply given back from here would be awaited to its end.
  const json = (value: unknown): void => {
    reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(value));
  };

  const hits = await app.state.hit(`fresh-nonce:${request.ip}`, 60);
  if (hits > FRESH_NONCE.rateLimitPerMinute) return json(FRESH_NONCE.errors.rateLimit);

  const previous = firstString(body.nonce_prev);
  if (!previous) return json(FRESH_NONCE.errors.noNonce);
  if (!NONCE_PATTERN.test(previous)) return json(FRESH_NONCE.errors.wrongNonce);

  const action =
    app.nonces.identify(previous, ISSUABLE, request.nonceSession) ??
    actionOfFailedRequest(app, firstString(body.initial_request_params)) ??
    // The original page script sends `"[]"`: the nonce its calls need is the configured ajax type's.
    (app.shield.settings().ajaxType === 'admin_ajax' ? NONCE_ACTIONS.ajax : NONCE_ACTIONS.rest);
  return json({ wpnonce: app.nonces.create(action, request.nonceSession) });
}

/** The nonce action the failed request needed, read from its parameters when they name an ajax action. */
function actionOfFailedRequest(app: FastifyInstance, params: string | undefined): string | undefined {
  if (!params) return undefined;
  try {
    const parsed = JSON.parse(params) as unknown;
    const action = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).action : undefined;
    return typeof action === 'string' ? app.calls.nonceActionFor(action) : undefined;
  } catch {
    return undefined;
  }
}
