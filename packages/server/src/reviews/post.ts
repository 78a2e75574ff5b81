import {
  REVIEW_TEXTS,
  reviewFields,
  type ReviewFormState,
  type ReviewStatus,
  type ReviewThread,
  type ReviewView,
} from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { notifyAdministrators } from '../mail/index.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { judgeSubmission, type JudgedVerdict } from '../shield/index.js';
import { heldReviewNotice } from './held-mail.js';
import { reviewFate } from './fate.js';
import { publishedReviews, reviewById, saveReview } from './store.js';
import { parseSubject, subjectExists, subjectKey, type Subject } from './subject.js';
import { reviewView, type ContactView } from './view.js';

export type PostOutcome =
  | { kind: 'invalid'; issues: ZodError['issues'] }
  | { kind: 'no-subject' }
  | { kind: 'blocked' }
  /** In doubt: nothing is kept until the page answers the puzzle the verdict carries. */
  | { kind: 'step-up'; verdict: JudgedVerdict }
  | {
      kind: 'kept';
      status: Exclude<ReviewStatus, 'spam'>;
      message: string;
      subject: Subject;
      /** The review as this visitor sees it, when published. */
      review?: ReviewView;
    };

/**
 * The one way a review gets in, for the ajax call and the classic form alike: checked, judged by
 * the spam shield, and kept with the status the verdict earns (spam too, for the administrators).
 */
export async function postReview(request: FastifyRequest, fields: Record<string, unknown>): Promise<PostOutcome> {
  const app = request.server;
  const parsed = reviewFields.safeParse(fields);
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues };
  const subject = parseSubject(parsed.data.subject);
  if (!subject || !(await subjectExists(app.storage, subject))) return { kind: 'no-subject' };

  const verdict = await judgeSubmission(request, fields, { form: 'review' });
  // A doubted review gets the puzzle first; what is still in doubt after it is held (reviewFate).
  if (verdict.fate === 'step-up' && verdict.challenge) return { kind: 'step-up', verdict };
  const fate = reviewFate(verdict);
  // A held review and the administrators' notice of it are written together, or neither is.
  const id = await app.storage.db.transaction().execute(async (trx) => {
    const saved = await saveReview({ ...app.storage, db: trx }, subject, parsed.data, fate, verdict);
    if (fate.status === 'held') {
      const notice = heldReviewNotice(siteOrigin(request), subject, parsed.data, verdict.reasons);
      await notifyAdministrators(trx, 'review-held', notice, app.config.siteName);
    }
    return saved;
  });
  if (fate.status === 'spam') return { kind: 'blocked' };
  const message = thanks(fate.status, subject.kind);
  if (fate.status === 'held') return { kind: 'kept', status: fate.status, message, subject };
  const row = await reviewById(app.storage, id);
  const review = row ? reviewView(row, contactView(request)) : undefined;
  return { kind: 'kept', status: fate.status, message, subject, review };
}

/** Contacts in reviews stay sealed until a person decodes them (or signs in, or holds a pass). */
const contactView = (request: FastifyRequest): ContactView =>
  request.server.contacts.visibleTo(request) ? null : { cipher: request.server.contacts.cipherFor(request) };

/** The thank-you message for a review (or comment) kept with this status. */
export function thanks(status: 'published' | 'held', kind: Subject['kind']): string {
  const item = kind === 'item';
  if (status === 'published') return item ? REVIEW_TEXTS.published : REVIEW_TEXTS.publishedComment;
  return item ? REVIEW_TEXTS.held : REVIEW_TEXTS.heldComment;
}

export const EMPTY_REVIEW_FORM: ReviewFormState = {
  values: { author: '', email: '', body: '' },
  errors: {},
  sent: null,
};

/** A subject's published reviews as this visitor may see them. */
export async function reviewThread(
  request: FastifyRequest,
  subject: Subject,
  form: ReviewFormState = EMPTY_REVIEW_FORM,
): Promise<ReviewThread> {
  const app = request.server;
  const rows = await publishedReviews(app.storage, subject);
  const sealed = contactView(request);
  return {
    subject: subjectKey(subject),
    kind: subject.kind === 'item' ? 'review' : 'comment',
    reviews: rows.map((row) => reviewView(row, sealed)),
    form,
  };
}

/** After a classic post's redirect, the thank-you message for the status it earned. */
export function sentFrom(query: unknown, kind: Subject['kind']): ReviewFormState | undefined {
  const posted = ((query ?? {}) as Record<string, unknown>).posted;
  const message = posted === 'published' || posted === 'held' ? thanks(posted, kind) : null;
  return message ? { ...EMPTY_REVIEW_FORM, sent: message } : undefined;
}
