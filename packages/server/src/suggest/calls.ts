import { suggestItem } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { normaliseFields } from '../plugins/bodies.js';
import type { CallRegistry } from '../plugins/call-registry.js';
import { judgeSubmission, refusalAnswer } from '../shield/index.js';
import { saveSuggestion, SUGGESTION_THANKS } from './store.js';

/** `waymark_suggest_item`: judged by the spam shield, then kept. */
export function registerSuggestCalls(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(suggestItem, async (fields, { request }) => {
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'suggest' });
    // In doubt, the puzzle: the page solves it and sends again (never a silent pass).
    const refused = refusalAnswer(request, verdict, { moderated: true });
    if (refused) return refused;
    await saveSuggestion(app.storage, fields);
    return { success: true as const, message: SUGGESTION_THANKS };
  });
}
