import { CALLS, type bookmarkState } from '@waymark/protocol';
import type { ShieldApi } from '@waymark/shield/react';
import { loadAnswerSchemas } from '../../shared/load-answer-schemas.js';

export type BookmarkLoginPrompt = (text: string, loginUrl: string) => void;

export interface BookmarkStore {
  subscribe(listener: () => void): () => void;
  /** 1 when the item is bookmarked, 0 when not (the specification's two states). */
  get(id: number): 0 | 1;
  /** Reads the signed-in user's bookmarks from the server. */
  load(): Promise<void>;
  toggle(id: number): Promise<void>;
}

/**
 * Every star of the page reads one store, so each copy of an item shows the same state. A
 * visitor who is not signed in is told the configured message and, asked first, sent to sign in
 * and brought back to this page.
 */
export function createBookmarkStore(request: ShieldApi['request'], prompt: BookmarkLoginPrompt): BookmarkStore {
  const marked = new Set<number>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  let state: ReturnType<typeof bookmarkState.response.parse> | null = null;

  const load = async () => {
    const [answer, schemas] = await Promise.all([request(CALLS.bookmarkState, {}), loadAnswerSchemas()]);
    state = schemas.bookmarkState.response.parse(answer);
    marked.clear();
    state.ids.forEach((id) => marked.add(id));
    changed();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (id) => (marked.has(id) ? 1 : 0),
    load,
    async toggle(id) {
      if (!state) await load();
      if (!state?.signedIn) {
        prompt(state?.loginText ?? '', state?.loginUrl ?? '');
        return;
      }
      const adding = !marked.has(id);
      // Shown at once; put back if the server did not take it.
      if (adding) marked.add(id);
      else marked.delete(id);
      changed();
      const fields = { post_id: String(id), item_code: String(id), userid: '' };
      const ok = await request(adding ? CALLS.bookmarkInsert : CALLS.bookmarkRemove, fields).then(
        (answer) => (answer as { success?: unknown }).success === true,
        () => false,
      );
      if (!ok) {
        if (adding) marked.delete(id);
        else marked.add(id);
        changed();
      }
    },
  };
}

/** The specification's prompt: the message, and with a login address, a question before going there. */
export const promptToSignIn: BookmarkLoginPrompt = (text, loginUrl) => {
  if (!loginUrl) {
    window.alert(text);
    return;
  }
  if (window.confirm(text)) {
    const back = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.location.assign(`${loginUrl}?next=${encodeURIComponent(back)}`);
  }
};
