import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The way through a challenge that needs no sight (issue 27, WCAG 2.2's 3.3.8): instead of the
 * picture, the site e-mails a link, and what was asked for (a sign-in, a new account, a message
 * to an owner) happens when a person opens it. Each feature registers what its kind of link
 * does; this one keeps the links, mails them and opens them.
 */
export interface ConfirmationKind {
  /** The confirm button's words, e.g. "Send my message to Bakery". */
  describe(payload: unknown): string;
  /** Does what was confirmed and answers the visitor. */
  confirm(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<FastifyReply>;
}

export interface EmailConfirmations {
  register(kind: string, handler: ConfirmationKind): void;
  kind(kind: string): ConfirmationKind | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    emailConfirmations: EmailConfirmations;
  }
}

export const emailConfirmPlugin = fp(
  async (app) => {
    const kinds = new Map<string, ConfirmationKind>();
    app.decorate('emailConfirmations', {
      register(kind, handler) {
        if (kinds.has(kind)) throw new Error(`The confirmation kind ${kind} is registered twice`);
        kinds.set(kind, handler);
      },
      kind: (kind) => kinds.get(kind),
    } satisfies EmailConfirmations);
  },
  { name: 'email-confirm' },
);
