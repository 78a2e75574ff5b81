import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enqueueMail } from '../mail/index.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { resetMail } from './mails.js';
import { createAccountTokens } from './tokens.js';

/** What a reset link is made for and sent to. */
export interface ResetTarget {
  id: number;
  name: string;
  email: string;
  password_hash: string;
}

/**
 * Puts a reset mail for the account in the outbox: the single-use, hour-long link of "forgot
 * password", sent the same way whether the member asked for it or an administrator did.
 */
export async function mailPasswordReset(app: FastifyInstance, request: FastifyRequest, account: ResetTarget) {
  const token = createAccountTokens(app.serverSecret).make('reset', account.id, account.password_hash);
  const link = `${siteOrigin(request)}/account/reset?token=${encodeURIComponent(token)}`;
  await enqueueMail(app.storage.db, resetMail(account, link, app.config.siteName));
}
