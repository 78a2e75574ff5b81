import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { enqueueMail } from './store.js';
import { renderMail, type MailContent } from './template.js';

/**
 * Writes one message to every administrator into the outbox, on the caller's database handle:
 * pass the transaction that makes what they are told about, so the notice exists exactly when
 * that does.
 */
export async function notifyAdministrators(
  trx: Kysely<Database>,
  kind: string,
  content: MailContent,
  siteName: string,
): Promise<void> {
  const administrators = await trx
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'administrator')
    .orderBy('id')
    .execute();
  const rendered = renderMail(content, siteName);
  for (const { email } of administrators) await enqueueMail(trx, { kind, to: email, ...rendered });
}
