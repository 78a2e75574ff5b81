import type { AnswerFormat, CallDef } from '@waymark/protocol';
import type { FastifyReply } from 'fastify';
import { Answer, type CallContext, type Handler } from '../plugins/call-registry.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * Runs a handler and gives back its answer in the call's wire format, for the route to return.
 * Fastify sends what a route returns; awaiting `reply.send()`, or returning the reply itself,
 * would instead wait for the response to finish, with a set of stream listeners on every call.
 * In strict mode (tests) an answer that does not match the call's schema fails loudly instead
 * of reaching a page.
 */
export async function execute(
  call: CallDef,
  handler: Handler<CallDef>,
  input: unknown,
  context: CallContext,
  format: AnswerFormat,
  strict: boolean,
): Promise<string | FastifyReply | undefined> {
  const result = await handler(input, context);
  const { reply } = context;
  // The handler answered by itself.
  if (reply.sent) return reply;
  if (result instanceof Answer) {
    return answer(reply, result.status, result.body, typeof result.body === 'string' ? 'text' : 'json');
  }
  if (strict) {
    const checked = call.response.safeParse(result);
    if (!checked.success) {
      throw new Error(`Answer of ${call.name} breaks its schema: ${checked.error.message}`);
    }
  }
  return answer(reply, 200, result, format);
}

/** Sets an answer's status and type, and gives back its body for the route to return. */
export function answer(reply: FastifyReply, status: number, body: unknown, format: AnswerFormat): string | undefined {
  if (format === 'json') {
    reply.code(status).type(JSON_TYPE);
    // `undefined` for an answer of nothing, which Fastify sends as an empty body.
    return JSON.stringify(body) as string | undefined;
  }
  reply.code(status).type(format === 'html' ? HTML_TYPE : TEXT_TYPE);
  return String(body);
}
