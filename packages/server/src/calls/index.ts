import type { FastifyInstance } from 'fastify';
import { registerAdminCalls } from '../admin/index.js';
import { registerContactsCalls } from '../contacts/index.js';
import { registerCaptchaCalls } from '../captcha/index.js';
import { registerContactOwnerCalls } from '../contact-owner/index.js';
import { registerBookmarkCalls } from '../bookmarks/index.js';
import { registerDirectoryCalls } from '../directory/index.js';
import { registerEmailCheckCalls } from '../email-check/index.js';
import { registerEmbedCalls } from '../embed/index.js';
import type { CallRegistry } from '../plugins/call-registry.js';
import { registerPostsCalls } from '../posts/index.js';
import { registerReviewCalls } from '../reviews/index.js';
import { registerShieldCalls } from '../shield/index.js';
import { registerShopCalls } from '../shop/index.js';
import { registerSuggestCalls } from '../suggest/index.js';

/** Every feature's call handlers. A feature adds one line here. */
export function registerFeatureCalls(calls: CallRegistry, app: FastifyInstance) {
  registerDirectoryCalls(calls, app);
  registerShieldCalls(calls, app);
  registerSuggestCalls(calls, app);
  registerEmailCheckCalls(calls, app);
  registerContactsCalls(calls, app);
  registerReviewCalls(calls, app);
  registerAdminCalls(calls, app);
  registerCaptchaCalls(calls, app);
  registerContactOwnerCalls(calls, app);
  registerBookmarkCalls(calls, app);
  registerPostsCalls(calls, app);
  registerEmbedCalls(calls);
  registerShopCalls(calls, app);
}
