import {
  MODERATION_ACTIONS,
  NONCE_ACTIONS,
  REVIEW_STATUSES,
  type ModerationAction,
  type ReviewFormState,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { itemForVisitor } from '../directory/index.js';
import { fieldErrors, firstString, normaliseFields, positiveId } from '../plugins/bodies.js';
import { refusalPage, renderBlockedPage, teachContent } from '../shield/index.js';
import { postReview, reviewThread, sentFrom } from './post.js';
import { moderateReview, reviewById, reviewCounts, reviewsToModerate } from './store.js';
import { parseSubject, subjectUrl } from './subject.js';
import { moderationView } from './view.js';

const EXPIRED_FORM = 'The form expired. Please try again.';
const NO_SUBJECT = 'There is nothing here to review.';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;

const DONE: Record<ModerationAction, string> = {
  publish: 'The review is published.',
  hold: 'The review is held.',
  spam: 'The review is marked as spam.',
  delete: 'The review is deleted.',
};

/**
 * An item's own page with its reviews, the classic review post for visitors without scripts
 * (the page's script sends the same form through the request layer), and the administrators'
 * moderation screen.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const itemPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    form?: ReviewFormState,
    status = 200,
  ) => {
    const item = await itemForVisitor(request, id);
    if (!item) return reply.renderPage(NOT_FOUND, 404);
    return reply.renderPage(
      {
        page: 'item',
        title: item.title,
        item,
        reviews: await reviewThread(request, { kind: 'item', itemId: id }, form),
      },
      status,
    );
  };

  app.get('/items/:id', async (request, reply) => {
    const id = positiveId((request.params as { id?: string }).id);
    if (id === null) return reply.renderPage(NOT_FOUND, 404);
    return itemPage(request, reply, id, sentFrom(request.query, 'item'));
  });

  app.post('/reviews', async (request, reply) => {
    const fields = normaliseFields(request.body);
    const subject = parseSubject(firstString(fields.subject) ?? '');
    const values = {
      author: (firstString(fields.author) ?? '').slice(0, 200),
      email: (firstString(fields.email) ?? '').slice(0, 400),
      body: (firstString(fields.body) ?? '').slice(0, 6_000),
    };
    // A page that takes comments re-renders through its own route; an item through ours.
    const again = (errors: Record<string, string>, status: number) =>
      subject?.kind === 'item'
        ? itemPage(request, reply, subject.itemId, { values, errors, sent: null }, status)
        : reply.renderPage({ page: 'not-found', title: 'Page not found' }, subject ? status : 404);

    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return again({ form: EXPIRED_FORM }, 403);
    }
    const outcome = await postReview(request, fields);
    switch (outcome.kind) {
      case 'invalid':
        return again(fieldErrors(outcome.issues), 400);
      case 'no-subject':
        return again({ form: NO_SUBJECT }, 404);
      case 'blocked':
        return renderBlockedPage(reply, app.shield.settings().blockMessage);
      case 'step-up':
        return (
          refusalPage(request, reply, outcome.verdict) ?? renderBlockedPage(reply, app.shield.settings().blockMessage)
        );
      case 'kept':
        // Post, then redirect: a reload does not post the review again.
        return reply.redirect(`${subjectUrl(outcome.subject)}?posted=${outcome.status}#reviews`, 303);
    }
  });

  app.get('/admin/reviews', async (request, reply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent('/admin/reviews')}`, 303);
    if (request.user.role !== 'administrator') return reply.renderPage(NOT_FOUND, 404);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const status = REVIEW_STATUSES.find((s) => s === query.status) ?? 'held';
    const done = MODERATION_ACTIONS.find((a) => a === query.done);
    const [rows, counts] = await Promise.all([reviewsToModerate(app.storage, status), reviewCounts(app.storage)]);
    return reply.renderPage({
      page: 'moderation',
      title: 'Reviews',
      status,
      counts,
      reviews: rows.map(moderationView),
      done: done ? DONE[done] : null,
    });
  });

  app.post('/admin/reviews/:id', async (request, reply) => {
    if (!request.user || request.user.role !== 'administrator') return reply.renderPage(NOT_FOUND, 404);
    const fields = normaliseFields(request.body);
    const back = REVIEW_STATUSES.find((s) => s === firstString(fields.status)) ?? 'held';
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return reply.redirect(`/admin/reviews?status=${back}`, 303);
    }
    const id = positiveId((request.params as { id?: string }).id);
    const action = MODERATION_ACTIONS.find((a) => a === firstString(fields.action));
    if (id === null || !action)
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown review or action');
    const review = await reviewById(app.storage, id);
    if (!review || !(await moderateReview(app.storage, id, action))) return reply.renderPage(NOT_FOUND, 404);
    // A decision about a text teaches the spam shield's content judge; a deletion says nothing.
    const lesson = action === 'publish' ? 'ham' : action === 'spam' ? 'spam' : null;
    if (lesson) await teachContent(app.storage, `review:${id}`, [review.body], lesson);
    return reply.redirect(`/admin/reviews?status=${back}&done=${action}`, 303);
  });
}
