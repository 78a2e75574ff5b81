import type { ProtectedForm } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { writeSpamLog } from './spam-log.js';

/** What every verdict leaves behind, a form's or a visitor's: its count in the metrics and its spam-log entry. */
export async function recordVerdict(
  app: FastifyInstance,
  entry: Parameters<typeof writeSpamLog>[1] & { form: ProtectedForm },
): Promise<void> {
  app.metrics.verdict(entry.form, entry.verdict.allowed);
  await writeSpamLog(app.storage, entry);
}
