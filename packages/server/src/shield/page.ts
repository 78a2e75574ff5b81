import { DEFAULT_DECODER_TEXTS, NONCE_ACTIONS, type PageConfig, type PageContext } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import type { PageParts } from '../plugins/render.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { checkJsKey } from './check-js.js';
import { makePageStamp } from './page-stamp.js';
import { pixelUrl } from './pixel.js';
import { realPersonConfig } from './real-person.js';

/** What every page carries for the spam shield: its page configuration and its part of the page context. */
export const shieldPageParts: PageParts = {
  pageConfig: buildPageConfig,
  shield: shieldContext,
};

/** What protected forms render: the honeypot with the signed page-set time, the pixel, the badge. */
export function shieldContext(request: FastifyRequest): PageContext['shield'] {
  const app = request.server;
  return {
    // The honeypot's value is the page-set time as the server saw it, signed.
    honeypot: { name: app.shield.settings().honeypotFieldName, value: makePageStamp(app.shield.keys) },
    pixelUrl: app.shield.settings().pixel === 1 ? pixelUrl(request) : null,
    theRealPerson: realPersonConfig(app.shield.settings()),
  };
}

/**
 * The page configuration of PROTOCOL.md section 2 for one request, with nonces bound to the
 * visitor's session and the spam shield's settings.
 */
export function buildPageConfig(request: FastifyRequest): PageConfig {
  const app = request.server;
  const { nonces, config } = app;
  const shield = app.shield.settings();
  const flag = (on: boolean) => (on ? 1 : 0);
  const ajaxNonce = nonces.create(NONCE_ACTIONS.ajax, request.nonceSession);
  const home = config.publicUrl ?? siteOrigin(request);
  // From the site's origin, never straight from the Host header, which the client chooses.
  const host = new URL(home).host;
  const botDetector = flag(shield.botDetector);
  const theRealPerson = realPersonConfig(shield);
  return {
    ctPublicFunctions: {
      ...DEFAULT_DECODER_TEXTS,
      _ajax_nonce: ajaxNonce,
      _rest_nonce: nonces.create(NONCE_ACTIONS.rest, request.nonceSession),
      _ajax_url: '/wp-admin/admin-ajax.php',
      _rest_url: '/wp-json/',
      data__cookies_type: shield.cookieType,
      data__ajax_type: shield.ajaxType,
      bot_detector_enabled: botDetector,
      data__bot_detector_enabled: botDetector,
      data__frontend_data_log_enabled: flag(shield.frontendDataLog),
      cookiePrefix: '',
      host_url: host,
    },
    ctPublic: {
      _ajax_nonce: ajaxNonce,
      settings__forms__check_internal: flag(shield.checkInternal),
      settings__forms__check_external: flag(shield.checkExternal),
      settings__forms__force_protection: flag(shield.forceProtection),
      settings__forms__search_test: flag(shield.searchTest),
      settings__forms__wc_add_to_cart: flag(shield.wcAddToCart),
      wc_ajax_add_to_cart: flag(shield.wcAddToCart),
      bot_detector_enabled: botDetector,
      settings__data__bot_detector_enabled: botDetector,
      settings__sfw__anti_crawler: flag(shield.antiCrawler),
      blog_home: `${home}/`,
      pixel__setting: shield.pixel,
      pixel__enabled: shield.pixel !== 0 && !(shield.pixel === 3 && shield.botDetector),
      pixel__url: shield.pixel === 1 ? pixelUrl(request) : '',
      data__email_check_before_post: flag(shield.emailCheckBeforePost),
      data__email_check_exist_post: flag(shield.emailCheckExistPost),
      data__cookies_type: shield.cookieType,
      data__key_is_ok: 1,
      data__visible_fields_required: flag(shield.visibleFieldsRequired),
      wl_brandname: config.siteName,
      wl_brandname_short: config.siteName,
      ct_checkjs_key: checkJsKey(app.shield.keys),
      emailEncoderPassKey: '',
      bot_detector_forms_excluded: Buffer.from(JSON.stringify(shield.formsExcluded)).toString('base64'),
      // Printed only when the badge is on (PROTOCOL.md section 2).
      ...(theRealPerson ? { theRealPerson } : {}),
    },
  };
}
