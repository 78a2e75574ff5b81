import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { findSessionUser, purgeExpiredSessions, SESSION_COOKIE } from '../auth/sessions.js';

/** Reads the session cookie into `request.user`, and sweeps expired sessions now and then. */
export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    app.decorateRequest('nonceSession', '');
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      request.user = await findSessionUser(app.storage, token);
      request.nonceSession = request.user?.sessionId ?? '';
    });

    const sweep = setInterval(() => {
      purgeExpiredSessions(app.storage).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    }, 3_600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['storage'] },
);
