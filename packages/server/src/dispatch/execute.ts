import type { AnswerFormat, CallDef } from '@waymark/protocol';
import { Answer, type CallContext, type Handler } from '../plugins/call-registry.js';

/**
 * Runs a handler and writes its answer in the call's wire format. In strict mode (tests) an
 * answer that does not match the call's schema fails loudly instead of reaching a page.
 */
export async function execute(
  call: CallDef,
  handler: Handler<CallDef>,
  input: unknown,
  context: CallContext,
  format: AnswerFormat,
  strict: boolean,
): Promise<void> {
  const result = await handler(input, context);
  const { reply } = context;
  if (reply.sent) return;
  if (result instanceof Answer) {
    await send(reply, result.status, result.body, typeof result.body === 'string' ? 'text' : 'json');
    return;
  }
  if (strict) {
    const checked = call.response.safeParse(result);
    if (!checked.success) {
      throw new Error(`Answer of ${call.name} breaks its schema: ${checked.error.message}`);
    }
  }
  await send(reply, 200, result, format);
}

async function send(reply: CallContext['reply'], status: number, body: unknown, format: AnswerFormat) {
  if (format === 'json') {
    await reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  } else {
    const type = format === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    await reply.code(status).type(type).send(String(body));
  }
}
