import { SIGNAL } from '@waymark/protocol/plain';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_CHECK_CALL, EMAIL_EXIST_CALL, isEmailFormat, watchEmails } from '../../src/core/email-check.js';
import { Scope } from '../../src/core/events.js';
import type { Requester } from '../../src/core/request.js';
import { createStore } from '../../src/core/store.js';
import { configure, stored, usePage } from '../page.js';

usePage();

function setup(pub: Record<string, unknown>, answer: (call: { action: string }, email: string) => unknown) {
  configure({}, pub);
  document.body.innerHTML = '<form><label>E-mail <input type="email" name="your_email"></label></form>';
  const scope = new Scope();
  const store = createStore({ mode: 'none', known: Object.values(SIGNAL) });
  const request = vi.fn((call: { action: string }, fields?: unknown) => {
    const result = answer(call, (fields as { email: string }).email);
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  });
  watchEmails(document.forms[0]!, { store, scope, request: request as unknown as Requester });
  const input = document.querySelector('input')!;
  return { scope, request, input };
}

const leave = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new FocusEvent('blur'));
};
const icon = () => document.querySelector<HTMLElement>('.apbct-email-indicator');
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('e-mail format on the client', () => {
  it('wants no spaces, an @ and a domain with a dot', () => {
    expect(isEmailFormat('ann@example.com')).toBe(true);
    for (const bad of ['', 'ann', 'ann@example', 'ann @example.com', 'ann@exa mple.com', '@example.com']) {
      expect(isEmailFormat(bad)).toBe(false);
    }
  });
});

describe('e-mail check before post', () => {
  it('checks a new, well-formed address once and keeps the result in ct_checked_emails', async () => {
    const { request, input } = setup({ data__email_check_before_post: 1 }, (_, email) => ({
      result: { [email]: { result: 'EXISTS' } },
    }));
    leave(input, 'not an address');
    await settle();
    expect(request).not.toHaveBeenCalled();

    leave(input, ' ann@example.com ');
    await settle();
    expect(request).toHaveBeenCalledWith(EMAIL_CHECK_CALL, { email: 'ann@example.com' });
    expect(stored(SIGNAL.checkedEmails)).toEqual({ 'ann@example.com': { result: 'EXISTS', timestamp: Date.now() } });

    leave(input, 'ann@example.com');
    await settle();
    expect(request).toHaveBeenCalledTimes(1);
    expect(icon()).toBeNull(); // the exists indicator is off
  });

  it('calls nothing when the setting is off', async () => {
    const { request, input } = setup({}, () => ({}));
    leave(input, 'ann@example.com');
    await settle();
    expect(request).not.toHaveBeenCalled();
  });
});

describe('e-mail exists indicator', () => {
  const exists = { data__email_check_exist_post: 1 };

  it('shows load, then good with the server sentence, from the cache the second time; emptying removes it', async () => {
    let release: (value: unknown) => void = () => {};
    const { request, input } = setup(exists, () => new Promise((resolve) => (release = resolve)));
    leave(input, 'ann@example.com');
    expect(icon()?.dataset.state).toBe('load');
    expect(icon()?.previousElementSibling).toBe(input);
    release({ result: { result: 'EXISTS', text_result: 'The address can receive mail.' } });
    await settle();
    expect(icon()?.dataset.state).toBe('good');
    // The sentence is text beside the glyph, and the field's description; no tooltip.
    expect(icon()?.textContent).toBe('✓The address can receive mail.');
    expect(icon()?.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓');
    expect(icon()?.title).toBe('');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(icon()?.id);
    expect(request).toHaveBeenCalledWith(EMAIL_EXIST_CALL, { email: 'ann@example.com' });
    expect(stored(SIGNAL.checkedEmailsExist)).toEqual({
      'ann@example.com': { result: 'EXISTS', text_result: 'The address can receive mail.', timestamp: Date.now() },
    });

    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(icon()).toBeNull();
    expect(input.hasAttribute('aria-describedby')).toBe(false);

    leave(input, 'ann@example.com');
    expect(icon()?.dataset.state).toBe('good');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('anything but EXISTS is bad; a badly formed value or a failed call shows no icon', async () => {
    const { request, input } = setup(exists, (_, email) =>
      email === 'down@example.com'
        ? new Error('Server response timeout')
        : { result: { result: 'NOT_EXISTS', text_result: 'No mail server for this domain.' } },
    );
    leave(input, 'bob@nowhere.example');
    await settle();
    expect(icon()?.dataset.state).toBe('bad');
    expect(icon()?.textContent).toBe('✗No mail server for this domain.');

    leave(input, 'bob@nowhere');
    expect(icon()).toBeNull();
    expect(request).toHaveBeenCalledTimes(1);

    leave(input, 'down@example.com');
    expect(icon()?.dataset.state).toBe('load');
    await settle();
    expect(icon()).toBeNull();
  });
});
