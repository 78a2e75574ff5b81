import type { CallDef, CallRequest, CallResponse } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The calls features answer, for the dispatcher. */
    calls: CallRegistry;
  }
}

export type Transport = 'ajax' | 'rest';

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  transport: Transport;
}

/** An answer with a status of its own, for answers the call's schema does not describe (a block). */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type Handler<C extends CallDef> = (
  input: CallRequest<C>,
  context: CallContext,
) => Promise<CallResponse<C> | Answer> | CallResponse<C> | Answer;

interface Registered {
  call: CallDef;
  handler: Handler<CallDef>;
}

/**
 * The calls this server answers. Every call of the catalogue can be served; one is answered only
 * once a feature registers its handler, and until then it is an unknown action.
 */
export class CallRegistry {
  readonly #byAction = new Map<string, Registered>();
  readonly #byRoute = new Map<string, Registered>();

  handle<C extends CallDef>(call: C, handler: Handler<C>): void {
    const entry: Registered = { call, handler: handler as unknown as Handler<CallDef> };
    if (call.ajax) {
      if (this.#byAction.has(call.ajax.action)) throw new Error(`A handler for ${call.ajax.action} exists already`);
      this.#byAction.set(call.ajax.action, entry);
    }
    if (call.rest) {
      if (this.#byRoute.has(call.rest.route)) throw new Error(`A handler for REST ${call.rest.route} exists already`);
      this.#byRoute.set(call.rest.route, entry);
    }
  }

  byAction(action: string): Registered | undefined {
    return this.#byAction.get(action);
  }

  byRoute(route: string): Registered | undefined {
    return this.#byRoute.get(route);
  }

  /** Every ajax action and the nonce action it wants, for the fresh-nonce call. */
  nonceActionFor(action: string): string | undefined {
    return this.#byAction.get(action)?.call.ajax?.nonce?.action;
  }
}
