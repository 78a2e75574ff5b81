import { NONCE_ACTIONS, suggestionFields, type SuggestionValues } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fieldErrors, firstString, normaliseFields } from '../plugins/bodies.js';
import { judgeSubmission, refusalPage } from '../shield/index.js';
import { saveSuggestion, SUGGESTION_THANKS } from './store.js';

const EMPTY: SuggestionValues = { name: '', address: '', website: '', email: '', note: '' };
const EXPIRED_FORM = 'The form expired. Please try again.';

/**
 * "Suggest a place": the page, and the classic form post that serves visitors without scripts
 * (the page's script sends the same form through the request layer instead).
 */
export async function suggestRoutes(app: FastifyInstance) {
  const show = (
    reply: FastifyReply,
    state: { values?: SuggestionValues; errors?: Record<string, string>; sent?: string | null },
    status = 200,
  ) =>
    reply.renderPage(
      {
        page: 'suggest',
        title: 'Suggest a place',
        values: state.values ?? EMPTY,
        errors: state.errors ?? {},
        sent: state.sent ?? null,
      },
      status,
    );

  app.get('/suggest', async (_request, reply) => show(reply, {}));

  app.post('/suggest', async (request, reply) => {
    const fields = normaliseFields(request.body);
    const values = Object.fromEntries(
      Object.keys(EMPTY).map((key) => [key, (firstString(fields[key]) ?? '').slice(0, 2_000)]),
    ) as unknown as SuggestionValues;
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return show(reply, { values, errors: { form: EXPIRED_FORM } }, 403);
    }
    const parsed = suggestionFields.safeParse(values);
    if (!parsed.success) return show(reply, { values, errors: fieldErrors(parsed.error.issues) }, 400);

    const verdict = await judgeSubmission(request, fields, { form: 'suggest' });
    // In doubt, the step-up page solves the puzzle and posts the form again: never a silent pass.
    const refused = refusalPage(request, reply, verdict, { moderated: true });
    if (refused) return refused;
    await saveSuggestion(app.storage, parsed.data);
    return show(reply, { sent: SUGGESTION_THANKS });
  });
}
