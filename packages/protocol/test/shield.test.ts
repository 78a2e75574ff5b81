import { describe, expect, it } from 'vitest';
import {
  botDetector,
  catalogue,
  SESSION_SIGNALS,
  SHIELD,
  SIGNAL,
  shieldSettings,
  suggestItem,
  CALLS,
} from '../src/index.js';

describe('shield constants (antispam spec, section 9)', () => {
  it('hold the specification values', () => {
    expect(SHIELD).toMatchObject({
      xhrTimeoutMs: 15_000,
      mouseSampleMs: 150,
      mouseMaxPoints: 50,
      mouseWriteMs: 1_200,
      formRescanMs: 2_000,
      formWireDelayMs: 1_000,
      pixelCacheSeconds: 10_800,
      storageLivenessSeconds: 86_400,
      botDetectorKeyCookieSeconds: 3_600,
      eventTokenLength: 64,
      eventTokenCheckMs: 1_000,
      antiCrawlerCheckMs: 500,
      logCheckDelayMs: 1_000,
      logCheckIntervalMs: 1_000,
      visibleFieldsFormIndexLimit: 10,
      blockOverlayOpacity: 0.7,
      blockOverlayFadeMs: 500,
    });
  });

  it('name every stored signal of "Stored client data" exactly', () => {
    const names = Object.values(SIGNAL);
    for (const name of [
      'apbct_session_id',
      'apbct_page_hits',
      'apbct_site_referer',
      'apbct_prev_referer',
      'apbct_session_current_page',
      'ct_ps_timestamp',
      'ct_fkp_timestamp',
      'ct_pointer_data',
      'ct_timezone',
      'ct_screen_info',
      'apbct_headless',
      'ct_checkjs',
      'ct_mouse_moved',
      'ct_has_scrolled',
      'ct_has_input_focused',
      'ct_has_key_up',
      'ct_cookies_type',
      'ct_checked_emails',
      'ct_checked_emails_exist',
      'apbct_pixel_url',
      'bot_detector_event_token',
      'ct_js_errors',
      'ct_bot_detector_frontend_data_log',
      'apbct_visible_fields',
      'collecting_user_activity_data',
    ]) {
      expect(names).toContain(name);
    }
    expect(SESSION_SIGNALS.every((name) => names.includes(name))).toBe(true);
  });
});

describe('shield settings', () => {
  it('protect the demo site by default', () => {
    expect(shieldSettings.schema.parse({})).toMatchObject({
      cookieType: 'none',
      botDetector: true,
      pixel: 3,
      visibleFieldsRequired: true,
      minSecondsToSubmit: 3,
      spamLogRetentionDays: 30,
    });
  });

  it('refuse bad block-list entries and honeypot names', () => {
    expect(shieldSettings.schema.safeParse({ blockedIpRanges: ['10.0.0.0/8', '2001:db8::/32'] }).success).toBe(true);
    expect(shieldSettings.schema.safeParse({ blockedIpRanges: ['not an address'] }).success).toBe(false);
    expect(shieldSettings.schema.safeParse({ honeypotFieldName: 'x"><script>' }).success).toBe(false);
  });
});

describe("Waymark's own calls", () => {
  it('are in the catalogue under their actions', () => {
    expect(catalogue).toContain(botDetector);
    expect(catalogue).toContain(suggestItem);
    expect(botDetector.ajax?.action).toBe(CALLS.botDetector.action);
    expect(botDetector.response.safeParse({ event_token: 'a'.repeat(64) }).success).toBe(true);
    expect(botDetector.response.safeParse({ event_token: 'a'.repeat(63) }).success).toBe(false);
  });

  it('check a suggestion field by field', () => {
    const ok = { name: 'Bakery', address: '1 Main St', website: 'https://bakery.example' };
    expect(suggestItem.request.safeParse(ok).success).toBe(true);
    expect(suggestItem.request.safeParse({ ...ok, website: 'javascript:alert(1)' }).success).toBe(false);
    expect(suggestItem.request.safeParse({ ...ok, email: 'not-an-address' }).success).toBe(false);
    expect(suggestItem.request.safeParse({ ...ok, name: '  ' }).success).toBe(false);
  });
});
