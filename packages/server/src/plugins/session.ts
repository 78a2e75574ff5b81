import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from '../db/connect.js';
import { callbackHook } from './callback-hook.js';
import { createFormBinding } from './form-binding.js';

/** Sessions are random tokens in a cookie; the database keeps only their SHA-256. */

export const SESSION_COOKIE = 'waymark_session';
/** On https the name says "secure, this host only, whole site", and browsers hold it to that. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether the browser sees this site over https: `PUBLIC_URL`'s scheme, else the request's. */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (request.server.config.publicUrl?.startsWith('https:') ?? false);
}

/** The session cookie's name for this request. */
export const sessionCookieName = (request: FastifyRequest): string =>
  servedOverHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** Sets the session cookie, with the prefix and `Secure` on https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(request),
    expires,
  });
}

/** Clears the session cookie as it was set. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), { path: '/', secure: servedOverHttps(request) });
}

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: string;
  /** The session row's id: what nonces are bound to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * What nonces made for this visitor are bound to: the session, else the anonymous visitor's
     * form-binding cookie, else '' (a client without that cookie).
     */
    nonceSession: string;
  }
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(
  { db }: Storage,
  userId: number,
  days: number,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + days * 86_400_000);
  await db
    .insertInto('sessions')
    .values({ id: digest(token), user_id: userId, created_at: now.toISOString(), expires_at: expires.toISOString() })
    .execute();
  return { token, expires };
}

/** Signs `userId` in on this browser: a new session for the configured days, and its cookie. */
export async function signInAs(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { storage, config } = request.server;
  const { token, expires } = await startSession(storage, userId, config.sessionDays);
  setSessionCookie(request, reply, token, expires);
}

export async function findSessionUser({ db }: Storage, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const id = digest(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.role', 'sessions.id as sessionId'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date().toISOString())
    // A disabled account's sessions, even one made after it was disabled, sign nobody in.
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function endSession({ db }: Storage, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', digest(token)).execute();
}

export async function purgeExpiredSessions({ db }: Storage): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date().toISOString()).execute();
}

/** Reads the session cookie into `request.user`, and sweeps expired sessions now and then. */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorateRequest('nonceSession', '');
    const formBinding = createFormBinding(app.serverSecret);
    const bindNonces = (request: FastifyRequest, reply: FastifyReply) => {
      request.nonceSession =
        request.user?.sessionId ?? formBinding.nonceSession(request, reply, servedOverHttps(request));
    };
    // Only a visitor with a session cookie waits for the database.
    app.addHook(
      'onRequest',
      callbackHook((request, reply) => {
        const token = request.cookies[sessionCookieName(request)];
        if (!token) return bindNonces(request, reply);
        return findSessionUser(app.storage, token).then((user) => {
          request.user = user;
          bindNonces(request, reply);
        });
      }),
    );

    const sweep = setInterval(() => {
      purgeExpiredSessions(app.storage).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    }, 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['storage', 'secret'] },
);
