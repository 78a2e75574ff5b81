import { z } from 'zod';
import { AJAX_TYPES, COOKIE_TYPES } from './constants.js';

/**
 * PROTOCOL.md section 2: the two globals printed in every page head before any page script.
 * Key names are exact; the schemas are what the page layer may rely on.
 */

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]);

export const decoderTexts = z.object({
  text__ee_click_to_select: z.string(),
  text__ee_original_email: z.string(),
  text__ee_got_it: z.string(),
  text__ee_blocked: z.string(),
  text__ee_cannot_connect: z.string(),
  text__ee_cannot_decode: z.string(),
  text__ee_email_decoder: z.string(),
  text__ee_wait_for_decoding: z.string(),
  text__ee_decoding_process: z.string(),
});

export const ctPublicFunctions = decoderTexts.extend({
  _ajax_nonce: z.string(),
  _rest_nonce: z.string(),
  _ajax_url: z.string(),
  _rest_url: z.string(),
  data__cookies_type: z.enum(COOKIE_TYPES),
  data__ajax_type: z.enum(AJAX_TYPES),
  bot_detector_enabled: flag,
  data__bot_detector_enabled: flag,
  data__frontend_data_log_enabled: flag,
  cookiePrefix: z.string(),
  host_url: z.string(),
  /** Set by the page layer after a nonce refresh, never by the server. */
  _fresh_nonce: z.string().optional(),
});
export type CtPublicFunctions = z.infer<typeof ctPublicFunctions>;

export const theRealPerson = z.object({
  phrases: z.object({
    trpHeading: z.string(),
    trpContent1: z.string(),
    trpContent2: z.string(),
    trpContentLearnMore: z.string(),
  }),
  trpContentLink: z.string(),
  imgPersonUrl: z.string(),
  imgShieldUrl: z.string(),
});

export type TheRealPerson = z.infer<typeof theRealPerson>;

export const ctPublic = z.object({
  _ajax_nonce: z.string(),
  settings__forms__check_internal: flag,
  settings__forms__check_external: flag,
  settings__forms__force_protection: flag,
  settings__forms__search_test: flag,
  settings__forms__wc_add_to_cart: flag,
  /** The same setting under the name the original page script (6.68) also reads. */
  wc_ajax_add_to_cart: flag,
  bot_detector_enabled: flag,
  settings__data__bot_detector_enabled: flag,
  settings__sfw__anti_crawler: flag,
  blog_home: z.string(),
  pixel__setting: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.enum(['0', '1', '2', '3'])]),
  pixel__enabled: flag,
  pixel__url: z.string(),
  data__email_check_before_post: flag,
  data__email_check_exist_post: flag,
  data__cookies_type: z.enum(COOKIE_TYPES),
  data__key_is_ok: flag,
  data__visible_fields_required: flag,
  wl_brandname: z.string(),
  wl_brandname_short: z.string(),
  ct_checkjs_key: z.union([z.string(), z.number()]),
  emailEncoderPassKey: z.string(),
  /** Base64 of a JSON list. */
  bot_detector_forms_excluded: z.string(),
  theRealPerson: theRealPerson.optional(),
});
export type CtPublic = z.infer<typeof ctPublic>;

export const pageConfig = z.object({ ctPublicFunctions, ctPublic });
export type PageConfig = z.infer<typeof pageConfig>;
