import { SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { Scope } from '../../src/core/events.js';
import { isExcluded, startForms, visibleFields } from '../../src/core/forms.js';
import { createStore } from '../../src/core/store.js';
import { configure, stored, usePage } from '../page.js';

const setup = () => {
  const scope = new Scope();
  const store = createStore({ mode: 'none', known: Object.values(SIGNAL) });
  const fieldsFor = vi.fn((form: HTMLFormElement) => ({
    ct_no_cookie_hidden_field: `_ct_no_cookie_data_${form.method}`,
  }));
  const onSubmit = vi.fn();
  const forms = startForms({ store, scope, fieldsFor, onSubmit });
  return { scope, store, fieldsFor, onSubmit, forms };
};
const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/** happy-dom has no layout: give elements a box, as a browser would for shown ones. */
const withBox = (element: Element, size: number) =>
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ width: size, height: size } as DOMRect);

describe('form wiring', () => {
  usePage();

  it('wires forms 1 s after load and rescans every 2 s', () => {
    document.body.innerHTML = '<form method="post"><input name="a"></form>';
    const { scope } = setup();
    vi.advanceTimersByTime(999);
    expect(field('ct_no_cookie_hidden_field')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(field('ct_no_cookie_hidden_field')?.value).toBe('_ct_no_cookie_data_post');
    document.body.insertAdjacentHTML('beforeend', '<form id="late"><input name="b"></form>');
    vi.advanceTimersByTime(1_999);
    expect(document.querySelector('#late input[name="ct_no_cookie_hidden_field"]')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector('#late input[name="ct_no_cookie_hidden_field"]')).not.toBeNull();
    scope.stop();
  });

  it('leaves payment, hubspot-like, search, login, booking and configured forms alone', () => {
    configure({}, { bot_detector_forms_excluded: btoa(JSON.stringify(['#newsletter'])) });
    document.body.innerHTML = `
      <form class="stripe-payment-form"></form>
      <form class="hs-form"></form>
      <form role="search"><input type="search" name="s"></form>
      <form id="loginform" action="/wp-login.php"></form>
      <form class="booking-calendar"></form>
      <form id="newsletter"></form>
      <form id="comment" method="post"></form>
      <form id="own-login" class="login" data-shield-protect></form>`;
    const excluded = Array.from(document.forms).map((form) => isExcluded(form));
    expect(excluded).toEqual([true, true, true, true, true, true, false, false]);
    configure({}, { settings__forms__search_test: 1 });
    expect(isExcluded(document.forms[2] as HTMLFormElement)).toBe(false);
  });

  it('fills the shield fields on submit, before wiring too, and reports the submission', () => {
    document.body.innerHTML = '<form method="post"><input name="a"></form><form class="paypal-checkout"></form>';
    const { scope, fieldsFor, onSubmit } = setup();
    fieldsFor.mockReturnValue({ ct_no_cookie_hidden_field: 'early' });
    document.forms[0]?.dispatchEvent(new Event('submit', { bubbles: true }));
    expect(field('ct_no_cookie_hidden_field')?.value).toBe('early');
    vi.advanceTimersByTime(1_000);
    fieldsFor.mockReturnValue({ ct_no_cookie_hidden_field: 'fresh' });
    document.forms[0]?.dispatchEvent(new Event('submit', { bubbles: true }));
    expect(field('ct_no_cookie_hidden_field')?.value).toBe('fresh');
    document.forms[1]?.dispatchEvent(new Event('submit', { bubbles: true }));
    expect(document.forms[1]?.elements).toHaveLength(0);
    // A script that sends the form itself (and so prevents the post) sends the fields itself.
    document.forms[0]?.addEventListener('submit', (event) => event.preventDefault(), { once: true });
    document.forms[0]?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    scope.stop();
  });

  it('tells visible from invisible fields, and stores them only for form indexes up to 10', () => {
    document.body.innerHTML = Array.from({ length: 12 }, () => '<form><input name="x"></form>').join('');
    const form = document.forms[0] as HTMLFormElement;
    form.innerHTML = `<input name="name"><textarea name="comment"></textarea><input type="hidden" name="_wpnonce">
      <div id="decoy" style="overflow:hidden"><input name="alt_s"></div><button type="submit" name="go">Go</button>`;
    for (const name of ['name', 'comment', 'alt_s']) withBox(form.querySelector(`[name="${name}"]`) as Element, 40);
    // The decoy's own box is full size; its 1 px container clips it.
    withBox(form.querySelector('#decoy') as Element, 1);
    expect(visibleFields(form)).toEqual({
      visible_fields: 'name comment',
      visible_fields_count: 2,
      invisible_fields: '_wpnonce alt_s',
      invisible_fields_count: 2,
    });
    const { scope } = setup();
    vi.advanceTimersByTime(1_000);
    expect(Object.keys(stored(SIGNAL.visibleFields) as object)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    scope.stop();
  });

  it('keeps typing data per field: keys, speed, paste and autofill', () => {
    document.body.innerHTML = '<form><textarea name="comment"></textarea><input name="email"></form>';
    const { scope } = setup();
    vi.advanceTimersByTime(1_000);
    const comment = document.querySelector('textarea') as HTMLTextAreaElement;
    const start = Date.now();
    for (const gap of [0, 120, 180]) {
      vi.advanceTimersByTime(gap);
      comment.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    }
    comment.dispatchEvent(new Event('paste', { bubbles: true }));
    vi.advanceTimersByTime(500);
    const email = document.querySelector('input[name="email"]') as HTMLInputElement;
    email.dispatchEvent(new Event('input', { bubbles: true }));
    expect(stored(SIGNAL.typing)).toEqual({
      comment: {
        isAutoFill: false,
        isUseBuffer: true,
        speedDelta: 150,
        firstKeyTimestamp: start,
        lastKeyTimestamp: start + 300,
        lastDelta: 180,
        countOfKey: 3,
      },
      email: expect.objectContaining({ isAutoFill: true, countOfKey: 0 }),
    });
    scope.stop();
  });

  it('counts clicks, selections and pointer moves inside forms', () => {
    document.body.innerHTML = '<form><input name="a"></form>';
    const { scope } = setup();
    vi.advanceTimersByTime(1_000);
    const input = document.querySelector('input') as HTMLInputElement;
    input.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    input.dispatchEvent(new Event('select', { bubbles: true }));
    for (let i = 0; i < 11; i += 1) input.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    expect(stored(SIGNAL.activity)).toEqual({ clicks: 1, selected: 1, mouseMovementsInsideForm: 2 });
    scope.stop();
  });
});
