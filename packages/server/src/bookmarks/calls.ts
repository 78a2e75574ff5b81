import { accountsSettings, bookmarkInsert, bookmarkRemove, bookmarkState } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { readSetting } from '../settings/store.js';
import { addBookmark, bookmarkedIds, removeBookmark } from './store.js';

export const LOGIN_PATH = '/login';

/**
 * The bookmark calls. The user is always the session's: `userid` in the request is never read,
 * and the dispatcher refuses an anonymous insert or remove (the calls' access is `user`).
 */
export function registerBookmarkCalls(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(bookmarkInsert, async ({ post_id: itemId }, { request }) => ({
    success: request.user ? await addBookmark(app.storage, request.user.id, itemId) : false,
  }));

  calls.handle(bookmarkRemove, async ({ post_id: itemId }, { request }) => {
    if (!request.user) return { success: false };
    await removeBookmark(app.storage, request.user.id, itemId);
    return { success: true };
  });

  calls.handle(bookmarkState, async (_input, { request }) => {
    const { bookmarkLoginText } = await readSetting(app.storage, accountsSettings, (m) => request.log.warn(m));
    return {
      signedIn: request.user !== null,
      ids: request.user ? await bookmarkedIds(app.storage, request.user.id) : [],
      loginText: bookmarkLoginText,
      loginUrl: LOGIN_PATH,
    };
  });
}
