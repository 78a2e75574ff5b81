import { NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { firstString, normaliseFields } from '../plugins/bodies.js';
import { CONFIRM_PATH } from './hold.js';
import { readConfirmation, takeConfirmation } from './store.js';

const GONE = 'This link is not valid any more: it was used already, or it expired. Ask for a new one.';
const EXPIRED_FORM = 'The form expired. Please open the link again.';

/**
 * The mailed link: opening it shows what it will do and one button, so a mail scanner that
 * follows links confirms nothing; the button's post does it, once, on any instance.
 */
export async function emailConfirmRoutes(app: FastifyInstance) {
  const gone = (reply: FastifyReply) =>
    reply.renderPage(
      { page: 'account-notice', title: 'Confirm by e-mail', message: GONE, link: { href: '/', label: 'Home' } },
      400,
    );
  const show = (reply: FastifyReply, token: string, action: string, error: string | null = null, status = 200) =>
    reply.renderPage({ page: 'email-confirm', title: 'Confirm by e-mail', token, action, error }, status);

  /** The button's words for a link that still works and whose kind this site knows; else null. */
  const actionOf = async (token: string) => {
    const found = await readConfirmation(app.storage.db, token);
    const kind = found && app.emailConfirmations.kind(found.kind);
    return found && kind ? kind.describe(found.payload) : null;
  };

  app.get(CONFIRM_PATH, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '').slice(0, 100);
    const action = await actionOf(token);
    return action === null ? gone(reply) : show(reply, token, action);
  });

  app.post(CONFIRM_PATH, async (request, reply) => {
    const fields = normaliseFields(request.body);
    const token = (firstString(fields.token) ?? '').slice(0, 100);
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      const action = await actionOf(token);
      return action === null ? gone(reply) : show(reply, token, action, EXPIRED_FORM, 403);
    }
    const taken = await takeConfirmation(app.storage.db, token);
    const kind = taken && app.emailConfirmations.kind(taken.kind);
    if (!taken || !kind) return gone(reply);
    return kind.confirm(request, reply, taken.payload);
  });
}
