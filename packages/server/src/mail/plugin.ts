import fp from 'fastify-plugin';
import { smtpSender } from './transport.js';
import { DEFAULT_WORKER_OPTIONS, OutboxWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's outbox worker, or null while no SMTP_URL is set (messages wait). */
    outboxWorker: OutboxWorker | null;
  }
}

/**
 * Starts this instance's outbox worker when an SMTP server is configured, and stops it with
 * the server. Without SMTP_URL the site works as usual and its messages wait in the outbox.
 */
export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, mailFrom } = app.config;
    if (!smtpUrl) {
      app.decorate('outboxWorker', null);
      return;
    }
    const worker = new OutboxWorker(app.storage, smtpSender(smtpUrl, mailFrom), {
      ...DEFAULT_WORKER_OPTIONS,
      onError: (error, context) => app.log.warn({ err: error }, context),
    });
    app.decorate('outboxWorker', worker);
    app.addHook('onReady', async () => worker.start());
    // Before any plugin's onClose, so the storage is still open for a delivery under way.
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'mail', dependencies: ['storage'] },
);
