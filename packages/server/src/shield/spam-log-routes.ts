import { NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstString, normaliseFields, positiveId } from '../plugins/bodies.js';
import { teach, type Lesson } from './content/index.js';
import { lessonSource, listSpamLog, spamLogContent } from './spam-log.js';
import { distrustVisitor, TRUST_DAYS, trustVisitor } from './trusted-visitors.js';

/**
 * The administrators' spam log, and the decisions taken in it: "spam" and "not spam" teach the
 * content judge with what the visitor wrote, and "not spam" trusts the visitor for a while (a
 * second decision replaces the first, trust included).
 */

const LESSONS: Readonly<Record<string, { lesson: Lesson; done: string }>> = {
  spam: { lesson: 'spam', done: 'Marked as spam: the content judge has learnt from it.' },
  ham: {
    lesson: 'ham',
    done: `Marked as not spam: the content judge has learnt from it, and this visitor’s posts are let through for ${TRUST_DAYS} days.`,
  },
};
const PATH = '/admin/spam-log';

export async function spamLogRoutes(app: FastifyInstance) {
  /** An administrator, or the answer for anyone else: sign in first, or no such page. */
  const refusal = (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent(PATH)}`, 303);
    if (request.user.role !== 'administrator')
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    return null;
  };

  app.get(PATH, async (request, reply) => {
    const refused = refusal(request, reply);
    if (refused) return refused;
    const done = firstString((request.query as Record<string, unknown> | undefined)?.done);
    return reply.renderPage({
      page: 'spam-log',
      title: 'Spam log',
      entries: await listSpamLog(app.storage),
      retentionDays: app.shield.settings().spamLogRetentionDays,
      trustDays: TRUST_DAYS,
      done: (done && LESSONS[done]?.done) ?? null,
    });
  });

  app.post(`${PATH}/:id`, async (request, reply) => {
    const refused = refusal(request, reply);
    if (refused) return refused;
    const fields = normaliseFields(request.body);
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return reply.redirect(PATH, 303);
    }
    const id = positiveId((request.params as { id?: string }).id);
    const decision = LESSONS[firstString(fields.decision) ?? ''];
    if (id === null || !decision)
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown entry or decision');
    const entry = await spamLogContent(app.storage, id);
    if (entry === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (entry.content !== '') await teach(app.storage, lessonSource(id), [entry.content], decision.lesson);
    if (decision.lesson === 'ham') await trustVisitor(app.storage, entry.visitorHash, id);
    else await distrustVisitor(app.storage, id);
    return reply.redirect(`${PATH}?done=${firstString(fields.decision)}#entry-${id}`, 303);
  });
}
