import { DEFAULT_AJAX_PATH } from '@waymark/protocol';

interface PageGlobals {
  ctPublicFunctions?: { _ajax_url?: string; _ajax_nonce?: string; _fresh_nonce?: string };
}

/** An admin-ajax request: where it goes and its form fields. */
export interface AjaxRequest {
  url: string;
  fields: Record<string, string>;
}

/**
 * One admin-ajax POST as PROTOCOL.md section 1 says: the action, the page's `_ajax_nonce` and a
 * `no_cache` number besides the call's own fields.
 */
export function ajaxRequest(action: string, fields: Record<string, string>): AjaxRequest {
  const config = (globalThis as PageGlobals).ctPublicFunctions ?? {};
  return {
    url: config._ajax_url ?? DEFAULT_AJAX_PATH,
    fields: {
      action,
      ...fields,
      _ajax_nonce: config._fresh_nonce ?? config._ajax_nonce ?? '',
      no_cache: String(Math.random()),
    },
  };
}

/** Sends an admin-ajax POST as FormData. Answers the response; the caller reads it. */
export async function postAjax(action: string, fields: Record<string, string>): Promise<Response> {
  const { url, fields: all } = ajaxRequest(action, fields);
  const body = new FormData();
  for (const [name, value] of Object.entries(all)) body.set(name, value);
  return fetch(url, { method: 'POST', body, credentials: 'same-origin' });
}
