import type { SuggestionFields } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';

export const SUGGESTION_THANKS = 'Thank you! Your suggestion was received and will be reviewed.';

/** Keeps an accepted suggestion for the administrators, as new. */
export async function saveSuggestion({ db }: Storage, fields: SuggestionFields): Promise<void> {
  await db
    .insertInto('suggestions')
    .values({ ...fields, status: 'new', created_at: new Date().toISOString() })
    .execute();
}
