import type { ModerationReview, ReviewStatus, ReviewView } from '@waymark/protocol';
import { encodeContactsInHtml, maskContactsInText, type ContactCipher } from '../contacts/index.js';
import { escapeHtml } from '../content/sanitize.js';
import type { Review } from '../db/schema.js';
import type { ModerationRow } from './store.js';

/** How contacts in reviews reach this visitor: sealed for the decoder, or in clear. */
export type ContactView = { cipher: ContactCipher } | null;

/** The author's plain text as paragraphs and line breaks, every character escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

export function reviewView(row: Review, sealed: ContactView): ReviewView {
  const html = textToHtml(row.body);
  return {
    id: row.id,
    author: sealed ? maskContactsInText(row.author) : row.author,
    bodyHtml: sealed ? encodeContactsInHtml(html, sealed.cipher) : html,
    at: row.created_at,
    realPerson: row.real_person === 1,
  };
}

/** Moderation is for administrators, who see contacts in clear. */
export function moderationView(row: ModerationRow): ModerationReview {
  const item = row.item_id !== null;
  return {
    ...reviewView(row, null),
    subject: item ? `item:${row.item_id}` : `page:${row.page_path}`,
    about: item ? (row.item_title ?? `Item ${row.item_id}`) : (row.page_path ?? ''),
    aboutUrl: item ? `/items/${row.item_id}` : (row.page_path ?? '/'),
    email: row.author_email,
    status: row.status as ReviewStatus,
    score: row.score,
    reasons: parseReasons(row.reasons),
  };
}

function parseReasons(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
