/**
 * Where every call of the catalogue travels: its admin-ajax action and, where it has one, its
 * REST route under `cleantalk-antispam/v1/`. Zod-free, so the size-budgeted page script can name
 * its calls; the schemas in the sibling files take their addresses from here, so a wire name is
 * spelled once in the whole project.
 */

export interface CallAddress {
  /** The admin-ajax action. */
  readonly action: string;
  /** The REST route, where the call has one. */
  readonly route?: string;
  /** How the admin-ajax answer is read by the page; JSON unless it says otherwise. */
  readonly answer?: 'json' | 'text';
}

/** PROTOCOL.md section 3: the anti-spam calls, the only ones the standalone page script makes. */
export const ANTISPAM_CALLS = {
  decodeEmail: { action: 'apbct_decode_email', route: 'apbct_decode_email' },
  altSessions: { action: 'apbct_alt_session__save__AJAX', route: 'alt_sessions' },
  pixelUrl: { action: 'apbct_get_pixel_url', route: 'apbct_get_pixel_url', answer: 'text' },
  emailCheckBeforePost: { action: 'apbct_email_check_before_post', route: 'check_email_before_post' },
  emailCheckExistPost: { action: 'apbct_email_check_exist_post', route: 'check_email_exist_post' },
  optionsTemplate: { action: 'get_options_template', answer: 'text' },
  botDetector: { action: 'waymark_bot_detector', route: 'waymark_bot_detector' },
} as const satisfies Record<string, CallAddress>;

/** PROTOCOL.md section 5: the directory's calls. */
export const DIRECTORY_CALLS = {
  upvote: { action: 'qcpd_upvote_action' },
  bookmarkInsert: { action: 'qcpd_bookmark_insert_action' },
  bookmarkRemove: { action: 'qcpd_bookmark_remove_action' },
  loadLongDescription: { action: 'qcpd_load_long_description', answer: 'text' },
  sendVisitorsEmail: { action: 'qcld_pd_send_visitors_email' },
  registerCaptchaChange: { action: 'qcld_sbd_register_captcha_change' },
  loginCaptchaChange: { action: 'qcld_sbd_login_captcha_change' },
  categoryFilter: { action: 'qcld_pd_category_filter', answer: 'text' },
  showListItem: { action: 'qcld_sbd_show_list_item', answer: 'text' },
  generateText: { action: 'qcpd_generate_text' },
} as const satisfies Record<string, CallAddress>;

/** PROTOCOL.md section 6 (the theme's calls) and *Waymark's* own forms. */
export const SITE_CALLS = {
  liveSearch: { action: 'live_search_retrieve_posts' },
  suggestItem: { action: 'waymark_suggest_item' },
  postReview: { action: 'waymark_post_review' },
  contactCaptchaChange: { action: 'waymark_contact_captcha_change' },
  bookmarkState: { action: 'waymark_bookmarks' },
  addToCart: { action: 'waymark_add_to_cart' },
  placeOrder: { action: 'waymark_checkout' },
} as const satisfies Record<string, CallAddress>;
