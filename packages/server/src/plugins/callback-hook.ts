import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * An `onRequest`, `preHandler` or `onResponse` hook in Fastify's callback style, for work that
 * rarely has anything to wait for: an async hook costs a promise and a turn of the microtask
 * queue on every request, needed or not (under load on the item popup, eight of them were about
 * a tenth of the call's own time). `work` gives back a promise only when it must wait.
 *
 * `done` is called after an answer sent by `work` too, as an async hook's end would be: Fastify
 * goes no further with a request once its reply is sent.
 */
export function callbackHook(
  work: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined | void,
) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    let pending: Promise<unknown> | undefined | void;
    try {
      pending = work(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };
}
