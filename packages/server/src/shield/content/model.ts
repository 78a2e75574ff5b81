import type { Storage } from '../../db/connect.js';
import type { Model, TokenCounts } from './bayes.js';
import { findLinks } from './links.js';
import { STARTER_HAM, STARTER_SPAM } from './starter-corpus.js';
import { tokensOf } from './tokens.js';

/**
 * The statistical judge's counts: the starter corpus's, counted once in memory, plus what this
 * site's administrators taught, from the database (so every instance knows every lesson). The
 * empty token's row counts the texts taught.
 */

export type Lesson = 'spam' | 'ham';
const TEXTS = '';

const textTokens = (texts: readonly string[]) => tokensOf(texts, findLinks(texts));

const starter = (() => {
  const counts = new Map<string, TokenCounts>();
  const add = (texts: readonly string[], lesson: Lesson) => {
    for (const text of texts) {
      for (const token of textTokens([text])) {
        const entry = counts.get(token) ?? { spam: 0, ham: 0 };
        entry[lesson] += 1;
        counts.set(token, entry);
      }
    }
  };
  add(STARTER_SPAM, 'spam');
  add(STARTER_HAM, 'ham');
  return counts;
})();

/** The model for one text: the counts of its tokens only, read in one query. */
export async function modelFor({ db }: Storage, tokens: readonly string[]): Promise<Model> {
  const rows = await db
    .selectFrom('shield_content_tokens')
    .select(['token', 'spam', 'ham'])
    .where('token', 'in', [TEXTS, ...tokens])
    .execute();
  const taught = new Map(rows.map((row) => [row.token, row]));
  const texts = taught.get(TEXTS);
  return {
    spamTexts: STARTER_SPAM.length + (texts?.spam ?? 0),
    hamTexts: STARTER_HAM.length + (texts?.ham ?? 0),
    counts(token) {
      const a = starter.get(token);
      const b = taught.get(token);
      if (!a && !b) return undefined;
      return { spam: (a?.spam ?? 0) + (b?.spam ?? 0), ham: (a?.ham ?? 0) + (b?.ham ?? 0) };
    },
  };
}

/**
 * Teaches the judge an administrator's decision about a text, known by where it came from
 * (`review:12`): a second decision about the same text takes the first one's counts back, so a
 * changed mind is not counted twice.
 */
export async function teach(storage: Storage, source: string, texts: readonly string[], lesson: Lesson): Promise<void> {
  const tokens = [TEXTS, ...textTokens(texts)];
  await storage.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('shield_content_lessons')
      .select(['verdict', 'tokens'])
      .where('source', '=', source)
      .executeTakeFirst();
    if (before?.verdict === lesson) return;
    const deltas = new Map<string, TokenCounts>();
    const change = (list: readonly string[], column: Lesson, by: number) => {
      for (const token of list) {
        const entry = deltas.get(token) ?? { spam: 0, ham: 0 };
        entry[column] += by;
        deltas.set(token, entry);
      }
    };
    if (before) change(JSON.parse(before.tokens) as string[], before.verdict, -1);
    change(tokens, lesson, 1);
    const values = [...deltas].map(([token, { spam, ham }]) => ({ token, spam, ham }));
    for (let i = 0; i < values.length; i += 200) {
      await trx
        .insertInto('shield_content_tokens')
        .values(values.slice(i, i + 200))
        .onConflict((oc) =>
          oc.column('token').doUpdateSet((eb) => ({
            spam: eb('shield_content_tokens.spam', '+', eb.ref('excluded.spam')),
            ham: eb('shield_content_tokens.ham', '+', eb.ref('excluded.ham')),
          })),
        )
        .execute();
    }
    const lessonRow = { verdict: lesson, tokens: JSON.stringify(tokens), created_at: new Date().toISOString() };
    await trx
      .insertInto('shield_content_lessons')
      .values({ source, ...lessonRow })
      .onConflict((oc) => oc.column('source').doUpdateSet(lessonRow))
      .execute();
  });
}
