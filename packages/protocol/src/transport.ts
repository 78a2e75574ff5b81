/** PROTOCOL.md section 1: how calls travel and how the server answers when it cannot serve one. */

export const DEFAULT_AJAX_PATH = '/wp-admin/admin-ajax.php';
export const DEFAULT_REST_ROOT = '/wp-json/';
export const REST_NAMESPACE = 'cleantalk-antispam/v1';

/** A nonce is 10 lowercase hex characters. */
export const NONCE_PATTERN = /^[0-9a-f]{10}$/;
/** *Waymark:* a nonce is valid for the current and the previous slot of this length. */
export const NONCE_SLOT_SECONDS = 12 * 60 * 60;

/** The nonce actions the page configuration carries. */
export const NONCE_ACTIONS = {
  ajax: 'ct_secret_stuff',
  rest: 'wp_rest',
  directory: 'qcpd-directory',
  form: 'waymark-form',
} as const;

export const UNKNOWN_ACTION = { status: 400, body: '0' } as const;
export const BAD_AJAX_NONCE = { status: 403, body: '-1' } as const;
export const BAD_REST_NONCE = {
  status: 403,
  body: { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } },
} as const;
export const REST_NO_ROUTE = {
  status: 404,
  body: {
    code: 'rest_no_route',
    message: 'No route was found matching the URL and request method.',
    data: { status: 404 },
  },
} as const;

/** The body of a REST call that could not be parsed at all. */
export const REST_INVALID_BODY = {
  status: 400,
  body: { code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400 } },
} as const;

/** A REST call whose fields fail their schema, in WordPress's own shape. */
export function restInvalidParams(params: Record<string, string>) {
  return {
    status: 400,
    body: {
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
      data: { status: 400, params },
    },
  } as const;
}

/** An admin-ajax call whose fields fail their schema: a JSON answer with an `error` key is a failure. */
export function ajaxInvalidParams(params: Record<string, string>) {
  return {
    status: 400,
    body: { error: `Invalid parameter(s): ${Object.keys(params).join(', ')}`, params },
  } as const;
}

/** The fresh-nonce call, answered on any path. */
export const FRESH_NONCE = {
  field: 'spbc_remote_call_action',
  action: 'get_fresh_wpnonce',
  rateLimitPerMinute: 10,
  errors: {
    noNonce: { error: 'No nonce provided' },
    wrongNonce: { error: 'Wrong nonce provided' },
    rateLimit: { error: 'RATE_LIMIT_EXCEEDED' },
  },
} as const;

export const NO_COOKIE_FIELD = 'ct_no_cookie_hidden_field';
export const NO_COOKIE_PREFIX = '_ct_no_cookie_data_';
export const EVENT_TOKEN_FIELD = 'ct_bot_detector_event_token';
export const VISIBLE_FIELDS_FIELD = 'apbct_visible_fields';
export const HONEYPOT_DECOY_FIELD = 'alt_s';
