import type { DirectorySettings } from '@waymark/protocol';
import { useCallback, useState } from 'react';
import type { DirectoryItem } from '../../page-data.js';
import { ajaxRequest, type AjaxRequest } from './ajax.js';

export interface PopupState {
  item: DirectoryItem;
  /** The long description's `qcpd_load_long_description` request, which the popup sends. */
  request: AjaxRequest;
  /** Where focus goes back when the popup closes. */
  opener: HTMLElement | null;
}

/** Which item the popup shows, and the request for its long description. */
export function useItemPopup(settings: DirectorySettings) {
  const [state, setState] = useState<PopupState | null>(null);

  const open = useCallback(
    (item: DirectoryItem) => {
      setState({
        item,
        opener: document.activeElement instanceof HTMLElement ? document.activeElement : null,
        request: ajaxRequest('qcpd_load_long_description', {
          post_id: String(item.id),
          meta_title: item.title,
          meta_link: item.url,
          popup_map: settings.popupMap ? 'on' : 'off',
          upvote: settings.upvotes ? 'on' : 'off',
          mailto: settings.mailto ? 'true' : 'false',
        }),
      });
    },
    [settings],
  );

  const close = useCallback(() => setState(null), []);

  return { state, open, close };
}
