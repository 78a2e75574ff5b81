import { ajaxInvalidParams, postReview as postReviewCall } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { fieldErrors, normaliseFields } from '../plugins/bodies.js';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { blockAnswer, refusalAnswer } from '../shield/index.js';
import { postReview } from './post.js';

export const NO_SUBJECT = 'must name an item or a page that takes comments';

/** `waymark_post_review`: judged by the spam shield, then published, held or kept as spam. */
export function registerReviewCalls(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(postReviewCall, async (_fields, { request }) => {
    // The shield reads its own fields beside the review's, so the whole body goes in.
    const outcome = await postReview(request, normaliseFields(request.body));
    switch (outcome.kind) {
      case 'invalid': {
        const { status, body } = ajaxInvalidParams(fieldErrors(outcome.issues));
        return new Answer(status, body);
      }
      case 'no-subject': {
        const { status, body } = ajaxInvalidParams({ subject: NO_SUBJECT });
        return new Answer(status, body);
      }
      case 'blocked':
        return blockAnswer(app.shield.settings().blockMessage);
      case 'step-up':
        return refusalAnswer(request, outcome.verdict) ?? blockAnswer(app.shield.settings().blockMessage);
      case 'kept':
        return { success: true as const, status: outcome.status, message: outcome.message, review: outcome.review };
    }
  });
}
