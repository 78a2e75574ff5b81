import { loadLongDescription, upvote as upvoteCall } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { encodeContactsInHtml } from '../contacts/index.js';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { VISITOR_COOKIE } from '../plugins/visitors.js';
import { popupHtml } from './popup.js';
import { findItem } from './store.js';
import { upvoteItem } from './votes.js';

/** The directory's calls: the item popup and the upvote. */
export function registerDirectoryCalls(calls: CallRegistry, app: FastifyInstance) {
  // The request's `meta_title` and `meta_link` are ignored: the popup is built from the database.
  calls.handle(loadLongDescription, async ({ post_id, upvote, popup_map, mailto }, { request }) => {
    const found = await findItem(app.storage, post_id);
    if (!found) return new Answer(404, '');
    const html = popupHtml(found.row, found.tags, { upvote, popupMap: popup_map, mailto });
    // The owner's address and any contact in the description stay sealed for an anonymous visitor.
    return app.contacts.visibleTo(request) ? html : encodeContactsInHtml(html, app.contacts.cipherFor(request));
  });

  // `qcpd_upvote_action`. The nonce is checked by the dispatcher, which answers a bad one as a failed vote.
  calls.handle(upvoteCall, async ({ post_id }, { request, reply }) => {
    const { votes, counted, cookie } = await upvoteItem(request, reply, post_id);
    return {
      votes,
      vote_status: counted ? ('success' as const) : ('failed' as const),
      cookies: `${VISITOR_COOKIE}=${cookie}`,
    };
  });
}
