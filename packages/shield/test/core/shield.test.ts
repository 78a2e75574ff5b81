import { SHIELD, SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { watchEmails } from '../../src/core/email-check.js';
import { createShield } from '../../src/core/shield.js';
import { answer, CHECKJS, configure, stored, usePage } from '../page.js';

const TOKEN = 'cd'.repeat(32);
const decode = (value: string) =>
  JSON.parse(
    new TextDecoder().decode(Uint8Array.from(atob(value.replace('_ct_no_cookie_data_', '')), (c) => c.charCodeAt(0))),
  );

describe('the whole page layer', () => {
  usePage();

  it('sends a protected form with the no-cookie data, the token and the visible fields, then spends the token', async () => {
    document.body.innerHTML = '<form method="post"><input name="name" value="Bakery"></form>';
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('waymark_bot_detector') ? answer(200, { event_token: TOKEN }) : answer(200, { success: true }),
    );
    vi.stubGlobal('fetch', fetch);
    const shield = createShield();
    await vi.advanceTimersByTimeAsync(1_500);
    await shield.submit({ action: 'waymark_suggest_item' }, document.forms[0] as HTMLFormElement);
    const body = Object.fromEntries(fetch.mock.calls.at(-1)?.[1]?.body as FormData) as Record<string, string>;
    expect(body).toMatchObject({ name: 'Bakery', action: 'waymark_suggest_item', ct_bot_detector_event_token: TOKEN });
    const data = decode(body.ct_no_cookie_hidden_field ?? '');
    expect(data).toMatchObject({
      [SIGNAL.checkJs]: CHECKJS,
      [SIGNAL.pageSet]: Date.now() - 1_500,
      [SIGNAL.submitTimestamp]: Date.now(),
      [SIGNAL.eventToken]: TOKEN,
    });
    expect(JSON.parse(atob(body.apbct_visible_fields ?? ''))).toHaveProperty('0.visible_fields_count');
    expect(shield.fieldsFor().ct_bot_detector_event_token).toBeUndefined();
    shield.stop();
  });

  it('adds the no-cookie field only to POST or method-less forms', async () => {
    document.body.innerHTML = '<form method="post"></form><form></form><form method="get"></form>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { event_token: TOKEN })),
    );
    const shield = createShield();
    await vi.advanceTimersByTimeAsync(1_000);
    const has = Array.from(document.forms).map((f) => f.querySelector('[name="ct_no_cookie_hidden_field"]') !== null);
    expect(has).toEqual([true, true, false]);
    shield.stop();
  });

  it('stops the page when a block reply says stop_script 1, and shows the block', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { apbct: { blocked: true, comment: 'Stop.', stop_script: 1 } })),
    );
    const stop = vi.fn();
    vi.stubGlobal('stop', stop);
    const onBlock = vi.fn();
    const shield = createShield({ onBlock });
    await shield.request({ action: 'x' }).catch(() => {});
    expect(onBlock).toHaveBeenCalledWith({ comment: 'Stop.', stopScript: true });
    expect(stop).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends its signals to the alt-session call in the alternative mode', async () => {
    configure({ data__cookies_type: 'alternative', bot_detector_enabled: 0 });
    const fetch = vi.fn(async () => answer(200, { success: true }));
    vi.stubGlobal('fetch', fetch);
    const shield = createShield();
    await vi.advanceTimersByTimeAsync(1_000);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wp-json/cleantalk-antispam/v1/alt_sessions');
    expect(JSON.parse(String((init.body as FormData).get('cookies')))).toMatchObject({
      [SIGNAL.checkJs]: CHECKJS,
      [SIGNAL.cookiesType]: 'alternative',
    });
    shield.stop();
  });

  it('marks the anti-crawler check after 500 ms when it is on', async () => {
    configure({ bot_detector_enabled: 0 }, { settings__sfw__anti_crawler: 1 });
    const shield = createShield();
    vi.advanceTimersByTime(499);
    expect(shield.store.get(SIGNAL.antiCrawler)).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(shield.store.get(SIGNAL.antiCrawler)).toBe(1);
    shield.stop();
  });

  it('wires the e-mail checks to each form it wires, once the forms are wired', async () => {
    configure({ bot_detector_enabled: 0 }, { data__email_check_before_post: 1, data__email_check_exist_post: 1 });
    document.body.innerHTML = '<form method="post"><input type="email" name="email"></form>';
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('check_email_exist_post')
        ? answer(200, { result: { result: 'EXISTS', text_result: 'The address looks deliverable.' } })
        : answer(200, { result: { 'ann@example.com': { result: 'EXISTS' } } }),
    );
    vi.stubGlobal('fetch', fetch);
    const shield = createShield({ watchEmails });
    const input = document.querySelector('input') as HTMLInputElement;
    const leave = () => {
      input.value = 'ann@example.com';
      input.dispatchEvent(new FocusEvent('blur'));
    };
    leave();
    await vi.advanceTimersByTimeAsync(0);
    // Not wired yet: the checks start with the form's wiring (spec section 4: 1 s after load).
    expect(fetch).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(SHIELD.formWireDelayMs);
    leave();
    await vi.advanceTimersByTimeAsync(0);
    const routes = fetch.mock.calls.map(([url]) => url.replace('/wp-json/cleantalk-antispam/v1/', ''));
    expect(routes.sort()).toEqual(['check_email_before_post', 'check_email_exist_post']);
    const icon = input.nextElementSibling as HTMLElement;
    expect(icon.dataset.state).toBe('good');
    expect(icon.textContent).toBe('✓The address looks deliverable.');
    expect(stored(SIGNAL.checkedEmailsExist)).toMatchObject({ 'ann@example.com': { result: 'EXISTS' } });
    shield.stop();
  });
});
