import { parseId, REVIEW_SUBJECT } from '@waymark/protocol';
import type { Storage } from '../db/connect.js';

/** The site's own pages that take comments, by path. */
export const COMMENTED_PAGES: readonly string[] = ['/gallery'];

export type Subject = { kind: 'item'; itemId: number } | { kind: 'page'; path: string };

/** `item:<id>` or `page:<path>` as a subject, or null when it is neither. */
export function parseSubject(text: string): Subject | null {
  if (!REVIEW_SUBJECT.test(text)) return null;
  if (text.startsWith('item:')) {
    // Ten digits pass the pattern but may lie beyond the id column's range.
    const itemId = parseId(text.slice('item:'.length));
    return itemId === null ? null : { kind: 'item', itemId };
  }
  return { kind: 'page', path: text.slice('page:'.length) };
}

export const subjectKey = (subject: Subject): string =>
  subject.kind === 'item' ? `item:${subject.itemId}` : `page:${subject.path}`;

/** Whether there is such an item, or such a page that takes comments. */
export async function subjectExists({ db }: Storage, subject: Subject): Promise<boolean> {
  if (subject.kind === 'page') return COMMENTED_PAGES.includes(subject.path);
  const row = await db.selectFrom('items').select('id').where('id', '=', subject.itemId).executeTakeFirst();
  return row !== undefined;
}

/** Where a visitor reads the subject's reviews. */
export const subjectUrl = (subject: Subject): string =>
  subject.kind === 'item' ? `/items/${subject.itemId}` : subject.path;
