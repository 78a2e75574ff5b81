import { loadLongDescription, upvote as upvoteCall } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { encodeContactsInHtml } from '../contacts/index.js';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { OUTSIDE_WRITES_SHOW_MS } from '../plugins/content-version.js';
import { VISITOR_COOKIE } from '../plugins/visitors.js';
import { popupHtml } from './popup.js';
import { findItem } from './store.js';
import { upvoteItem } from './votes.js';

/** Popups kept at once, sealed as every visitor without a contact pass sees them. */
const CACHED_POPUPS = 2_000;

/** The directory's calls: the item popup and the upvote. */
export function registerDirectoryCalls(calls: CallRegistry, app: FastifyInstance) {
  // The popup most visitors see (contacts sealed, no pass), by content version: opening one is
  // then no database work. A visitor who is signed in or holds a pass gets one of their own.
  const popups = new LRUCache<string, string>({ max: CACHED_POPUPS, ttl: OUTSIDE_WRITES_SHOW_MS });

  // The request's `meta_title` and `meta_link` are ignored: the popup is built from the database.
  calls.handle(loadLongDescription, async ({ post_id, upvote, popup_map, mailto }, { request }) => {
    const { contacts } = app;
    const cipher = contacts.cipherFor(request);
    const shared = !contacts.visibleTo(request) && cipher === contacts.cipher;
    const key = shared ? [await app.contentVersion.current(), post_id, upvote, popup_map, mailto].join('|') : undefined;
    const cached = key === undefined ? undefined : popups.get(key);
    if (cached !== undefined) return cached;

    const found = await findItem(app.storage, post_id);
    if (!found) return new Answer(404, '');
    const html = popupHtml(found.row, found.tags, { upvote, popupMap: popup_map, mailto });
    // The owner's address and any contact in the description stay sealed for an anonymous visitor.
    if (contacts.visibleTo(request)) return html;
    const sealed = encodeContactsInHtml(html, cipher);
    if (key !== undefined) popups.set(key, sealed);
    return sealed;
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
