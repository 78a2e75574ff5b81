import { suggestItem, type SuggestionFields } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../../db/connect.js';
import { normaliseFields } from '../../protocol/fields.js';
import type { CallRegistry } from '../../protocol/registry.js';
import { blockAnswer, judgeSubmission } from '../../shield/index.js';

export const SUGGESTION_THANKS = 'Thank you! Your suggestion was received and will be reviewed.';

/** Keeps an accepted suggestion for the administrators, as new. */
export async function saveSuggestion({ db }: Storage, fields: SuggestionFields): Promise<void> {
  await db
    .insertInto('suggestions')
    .values({ ...fields, status: 'new', created_at: new Date().toISOString() })
    .execute();
}

/** `waymark_suggest_item`: judged by the spam shield, then kept. */
export function registerSuggestItem(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(suggestItem, async (fields, { request }) => {
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'suggest' });
    if (!verdict.allowed) return blockAnswer(app.shield.settings().blockMessage);
    await saveSuggestion(app.storage, fields);
    return { success: true as const, message: SUGGESTION_THANKS };
  });
}
