import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../protocol/registry.js';
import { registerDecodeEmail } from './antispam/decode-email.js';
import { registerEmailChecks } from './antispam/email-check.js';
import { registerLongDescription } from './directory/long-description.js';
import { registerSuggestItem } from './suggest/suggest-item.js';
import { registerShieldCalls } from '../shield/calls.js';
import { registerUpvote } from './directory/upvote.js';
import { registerPostReview } from './reviews/post-review.js';

/** Every feature's call handlers. A feature adds one line here. */
export function registerFeatureCalls(calls: CallRegistry, app: FastifyInstance) {
  registerLongDescription(calls, app);
  registerShieldCalls(calls, app);
  registerSuggestItem(calls, app);
  registerEmailChecks(calls, app);
  registerUpvote(calls, app);
  registerDecodeEmail(calls, app);
  registerPostReview(calls, app);
}
