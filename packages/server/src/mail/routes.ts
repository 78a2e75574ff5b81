import type { FastifyInstance } from 'fastify';
import { waitingMail } from './store.js';

export const OUTBOX_PATH = '/admin/outbox';

/** The administrators' view of the outbox: what waits, how often it was tried, and why it failed. */
export async function mailRoutes(app: FastifyInstance) {
  app.get(OUTBOX_PATH, async (request, reply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent(OUTBOX_PATH)}`, 303);
    if (request.user.role !== 'administrator') {
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    }
    const rows = await waitingMail(app.storage);
    return reply.renderPage({
      page: 'outbox',
      title: 'Outbox',
      delivering: app.outboxWorker !== null,
      messages: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
        createdAt: row.created_at,
      })),
    });
  });
}
