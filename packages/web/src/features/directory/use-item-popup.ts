import {
  CALLS,
  DEFAULT_AJAX_PATH,
  type CtPublicFunctions,
  type DirectoryItem,
  type DirectorySettings,
} from '@waymark/protocol';
import { useCallback, useState } from 'react';

/** A request the lightbox's popup sends itself: where it goes and its form fields. */
export interface PopupRequest {
  url: string;
  fields: Record<string, string>;
}

export interface PopupState {
  item: DirectoryItem;
  /** The long description's request, which the popup sends. */
  request: PopupRequest;
  /** Where focus goes back when the popup closes. */
  opener: HTMLElement | null;
}

/**
 * The long description's admin-ajax POST as PROTOCOL.md section 1 says: the call's action, its
 * fields, the page's `_ajax_nonce` and a `no_cache` number, to the page's configured ajax URL.
 */
export function longDescriptionRequest(item: DirectoryItem, settings: DirectorySettings): PopupRequest {
  const config = (globalThis as { ctPublicFunctions?: Partial<CtPublicFunctions> }).ctPublicFunctions ?? {};
  return {
    url: config._ajax_url ?? DEFAULT_AJAX_PATH,
    fields: {
      action: CALLS.loadLongDescription.action,
      post_id: String(item.id),
      meta_title: item.title,
      meta_link: item.url,
      popup_map: settings.popupMap ? 'on' : 'off',
      upvote: settings.upvotes ? 'on' : 'off',
      mailto: settings.mailto ? 'true' : 'false',
      _ajax_nonce: config._fresh_nonce ?? config._ajax_nonce ?? '',
      no_cache: String(Math.random()),
    },
  };
}

/** Which item the popup shows, and the request for its long description. */
export function useItemPopup(settings: DirectorySettings) {
  const [state, setState] = useState<PopupState | null>(null);

  const open = useCallback(
    (item: DirectoryItem) => {
      setState({
        item,
        opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
        request: longDescriptionRequest(item, settings),
      });
    },
    [settings],
  );

  const close = useCallback(() => setState(null), []);

  return { state, open, close };
}
