import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../src/core/request.js';
import { DecoderPopup } from '../src/react/decoder/DecoderPopup.js';
import { configure, usePage } from './page.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

usePage();

const TOKEN = 'f'.repeat(64);
const PAGE = `
  <p>Write to <span data-original-string="SEALED_A" class="apbct-email-encoder" title="hint">in<span class="apbct-blur">**</span>@<span class="apbct-blur">*****</span>le.com</span></p>
  <p>Again <span data-original-string="SEALED_A" class="apbct-email-encoder" title="hint">in**@**le.com</span></p>
  <a id="call" href="tel:+4*********23" data-original-string="SEALED_T" title="hint">+4*********23</a>
`;
const allowed = (encoded: string, decoded: string) => ({
  is_allowed: true,
  show_comment: false,
  comment: 'Allowed',
  encoded_email: encoded,
  decoded_email: decoded,
});
const HAPPY = {
  success: true,
  data: [allowed('SEALED_A', 'info@example.com'), allowed('SEALED_T', '+442079460123')],
};

let root: Root;
let host: HTMLElement;
let request: ReturnType<typeof vi.fn<(fields: Record<string, string>) => Promise<unknown>>>;
let token = '';

beforeEach(() => {
  configure({ text__ee_wait_for_decoding: 'Wait…', text__ee_blocked: 'Refused.', text__ee_got_it: 'Got it' });
  document.body.innerHTML = PAGE;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  token = '';
  request = vi.fn(() => Promise.resolve<unknown>(HAPPY));
  act(() =>
    root.render(<DecoderPopup request={request} signals={() => ({ token, data: { ct_mouse_moved: true } })} />),
  );
});
afterEach(() => act(() => root.unmount()));

const popup = () => document.querySelector<HTMLElement>('[data-testid="contact-decoder"]');
const spans = () => Array.from(document.querySelectorAll<HTMLElement>('span.apbct-email-encoder'));
const link = () => document.getElementById('call') as HTMLAnchorElement;
async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
async function clickFirst() {
  await act(async () => spans()[0]!.click());
  await flush();
}

describe('decoder popup', () => {
  it('makes the encoded elements keyboard buttons', () => {
    for (const element of [...spans(), link()]) {
      expect(element.getAttribute('tabindex')).toBe('0');
      expect(element.getAttribute('role')).toBe('button');
    }
  });

  it('asks once for every distinct string with the stored signals, waits 3 s, shows the value; got it fills the page and 2 s later makes it plain', async () => {
    await clickFirst();
    expect(request).toHaveBeenCalledTimes(1);
    const fields = request.mock.calls[0]![0];
    expect(JSON.parse(fields.encodedEmails!)).toEqual({ '0': 'SEALED_A', '1': 'SEALED_T' });
    expect(fields.post_url).toBe(location.href);
    expect(fields).toHaveProperty('referrer');
    expect(fields.event_token).toBeUndefined();
    expect(JSON.parse(fields.event_javascript_data!)).toEqual({ ct_mouse_moved: true });
    expect(popup()?.textContent).toContain('Wait…');
    expect(popup()?.textContent).not.toContain('info@example.com');

    await advance(2_999);
    expect(popup()?.textContent).not.toContain('info@example.com');
    await advance(1);
    expect(popup()?.textContent).toContain('info@example.com');
    const gotIt = popup()?.querySelector('button');
    expect(gotIt?.textContent).toBe('Got it');

    await act(async () => gotIt!.click());
    expect(popup()).toBeNull();
    expect(spans().map((s) => s.textContent)).toEqual(['info@example.com', 'info@example.com']);
    expect(link().getAttribute('href')).toBe('tel:+442079460123');
    expect(link().textContent).toBe('+442079460123');
    expect(document.querySelectorAll('[data-original-string]')).toHaveLength(3);

    await advance(1_999);
    expect(document.querySelectorAll('[data-original-string]')).toHaveLength(3);
    await advance(1);
    expect(document.querySelectorAll('[data-original-string], .apbct-email-encoder, [role="button"]')).toHaveLength(0);
    expect(document.body.textContent).toContain('Write to info@example.com');
  });

  it('sends the event token instead of the signal data when a 64-character one is held', async () => {
    token = TOKEN;
    await clickFirst();
    expect(request.mock.calls[0]![0].event_token).toBe(TOKEN);
    expect(request.mock.calls[0]![0].event_javascript_data).toBeUndefined();
  });

  it('keeps a masked link from navigating and opens on Enter or Space', async () => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => link().dispatchEvent(event));
    await flush();
    expect(event.defaultPrevented).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    await advance(3_000);
    expect(popup()?.textContent).toContain('+442079460123');
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(popup()).toBeNull();

    const key = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    await act(async () => spans()[1]!.dispatchEvent(key));
    await flush();
    expect(key.defaultPrevented).toBe(true);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('refused: shows the blocked text and the reason for 3 s, then hides, and clicks work again', async () => {
    request.mockResolvedValue({
      success: true,
      data: [
        {
          is_allowed: false,
          show_comment: true,
          comment: 'No sign of a person.',
          encoded_email: 'SEALED_A',
          decoded_email: '',
        },
      ],
    });
    await clickFirst();
    expect(popup()?.textContent).toContain('Refused. No sign of a person.');
    await act(async () => spans()[1]!.click());
    expect(request).toHaveBeenCalledTimes(1); // busy while the message shows
    await advance(2_999);
    expect(popup()).not.toBeNull();
    await advance(1);
    expect(popup()).toBeNull();
    expect(spans()[0]!.textContent).not.toContain('info@');
    await clickFirst();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('tests is_allowed strictly: a truthy non-true value is a refusal', async () => {
    request.mockResolvedValue({ success: true, data: [{ ...allowed('SEALED_A', 'info@example.com'), is_allowed: 1 }] });
    await clickFirst();
    expect(popup()?.textContent).toContain('Refused.');
    expect(popup()?.textContent).not.toContain('info@example.com');
  });

  it('network failure: the cannot-connect text and the message, hidden after 3 s', async () => {
    request.mockRejectedValue(new RequestError('Server response timeout', 0, null));
    await clickFirst();
    expect(popup()?.textContent).toContain('Cannot connect');
    expect(popup()?.textContent).toContain('Server response timeout');
    await advance(3_000);
    expect(popup()).toBeNull();
  });

  it('success:false or an answer without the clicked string: the cannot-decode text', async () => {
    request.mockResolvedValue({
      success: false,
      data: [{ ...allowed('SEALED_A', ''), is_allowed: false, comment: 'Check failed.' }],
    });
    await clickFirst();
    expect(popup()?.textContent).toContain('Can not decode');
    expect(popup()?.textContent).toContain('Check failed.');
    await advance(3_000);
    expect(popup()).toBeNull();

    request.mockResolvedValue({ success: true, data: false });
    await clickFirst();
    expect(popup()?.textContent).toContain('Can not decode');
  });

  it('a block reply from the request layer shows the blocked text with its comment', async () => {
    request.mockRejectedValue(new RequestError('Too many.', 200, {}, { comment: 'Too many.', stopScript: false }));
    await clickFirst();
    expect(popup()?.textContent).toContain('Refused. Too many.');
  });
});
