import { DEFAULT_DECODER_TEXTS } from '@waymark/protocol/plain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecoderOptions } from '../src/core/decoder/controller.js';
import { RequestError } from '../src/core/request.js';
import { configure, usePage } from './page.js';

/**
 * The decoder popup's behaviour (spec sections 2 and 4), asserted once for each popup that draws
 * the core controller's views: the React popup and the page script's `<dialog>`.
 */
export interface DecoderHarness {
  /** Starts the popup on the page; returns its stop. */
  mount(options: DecoderOptions): () => void;
  /** The open popup, or null. */
  popup(): HTMLElement | null;
  /** Runs a step that changes the page (inside React's `act` for the React popup). */
  step(run: () => unknown): Promise<void>;
  /** What a visitor's Escape does to the popup. */
  escape(): Promise<void>;
}

export const TOKEN = 'f'.repeat(64);
export const PAGE = `
  <p>Write to <span data-original-string="SEALED_A" class="apbct-email-encoder" title="hint">in<span class="apbct-blur">**</span>@<span class="apbct-blur">*****</span>le.com</span></p>
  <p>Again <span data-original-string="SEALED_A" class="apbct-email-encoder" title="hint">in**@**le.com</span></p>
  <a id="call" href="tel:+4*********23" data-original-string="SEALED_T" title="hint">+4*********23</a>
`;
export const allowed = (encoded: string, decoded: string) => ({
  is_allowed: true,
  show_comment: false,
  comment: 'Allowed',
  encoded_email: encoded,
  decoded_email: decoded,
});
export const HAPPY = {
  success: true,
  data: [allowed('SEALED_A', 'info@example.com'), allowed('SEALED_T', '+442079460123')],
};
export const spans = () => Array.from(document.querySelectorAll<HTMLElement>('span.apbct-email-encoder'));
export const link = () => document.getElementById('call') as HTMLAnchorElement;

export type RequestMock = ReturnType<typeof vi.fn<(fields: Record<string, string>) => Promise<unknown>>>;

/** The page, the texts and a decode call answering HAPPY; the returned state holds the mock and the token. */
export function useDecoderPage(harness: DecoderHarness) {
  usePage();
  const state = { request: vi.fn(() => Promise.resolve<unknown>(HAPPY)) as RequestMock, token: '' };
  let stop = () => {};
  beforeEach(() => {
    // The texts come from the page configuration, as the server prints them, three of them the site's own.
    configure({
      ...DEFAULT_DECODER_TEXTS,
      text__ee_wait_for_decoding: 'Wait…',
      text__ee_blocked: 'Refused.',
      text__ee_got_it: 'Got it',
    });
    document.body.innerHTML = PAGE;
    state.token = '';
    state.request = vi.fn(() => Promise.resolve<unknown>(HAPPY));
    stop = harness.mount({
      request: (fields) => state.request(fields),
      signals: () => ({ token: state.token, data: { ct_mouse_moved: true } }),
    });
  });
  afterEach(() => stop());
  return state;
}

export function describeDecoderPopup(name: string, harness: DecoderHarness) {
  describe(name, () => {
    const state = useDecoderPage(harness);
    const { popup, step } = harness;
    const flush = () =>
      step(async () => {
        await Promise.resolve();
        await Promise.resolve();
      });
    const advance = (ms: number) => step(() => vi.advanceTimersByTimeAsync(ms));
    async function clickFirst() {
      await step(() => spans()[0]!.click());
      await flush();
    }

    it('makes the encoded elements keyboard buttons', () => {
      for (const element of [...spans(), link()]) {
        expect(element.getAttribute('tabindex')).toBe('0');
        expect(element.getAttribute('role')).toBe('button');
      }
    });

    it('asks for the clicked string with the stored signals, waits 3 s, shows the value; got it fills the page and 2 s later makes it plain', async () => {
      await clickFirst();
      expect(state.request).toHaveBeenCalledTimes(1);
      const fields = state.request.mock.calls[0]![0];
      expect(JSON.parse(fields.encodedEmails!)).toEqual({ '0': 'SEALED_A' });
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

      await step(() => gotIt!.click());
      expect(popup()).toBeNull();
      expect(spans().map((s) => s.textContent)).toEqual(['info@example.com', 'info@example.com']);
      expect(link().getAttribute('href')).toBe('tel:+442079460123');
      expect(link().textContent).toBe('+442079460123');
      expect(document.querySelectorAll('[data-original-string]')).toHaveLength(3);

      await advance(1_999);
      expect(document.querySelectorAll('[data-original-string]')).toHaveLength(3);
      await advance(1);
      expect(document.querySelectorAll('[data-original-string], .apbct-email-encoder, [role="button"]')).toHaveLength(
        0,
      );
      expect(document.body.textContent).toContain('Write to info@example.com');
    });

    it('sends the event token with the signal data when a 64-character one is held', async () => {
      state.token = TOKEN;
      await clickFirst();
      expect(state.request.mock.calls[0]![0].event_token).toBe(TOKEN);
      expect(JSON.parse(state.request.mock.calls[0]![0].event_javascript_data!)).toEqual({ ct_mouse_moved: true });
    });

    it('keeps a masked link from navigating and opens on Enter or Space', async () => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      await step(() => link().dispatchEvent(event));
      await flush();
      expect(event.defaultPrevented).toBe(true);
      expect(state.request).toHaveBeenCalledTimes(1);
      await advance(3_000);
      expect(popup()?.textContent).toContain('+442079460123');
      await harness.escape();
      expect(popup()).toBeNull();

      const key = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
      await step(() => spans()[1]!.dispatchEvent(key));
      await flush();
      expect(key.defaultPrevented).toBe(true);
      expect(state.request).toHaveBeenCalledTimes(2);
    });

    it('refused: shows the blocked text and the reason for 3 s, then hides, and clicks work again', async () => {
      state.request.mockResolvedValue({
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
      await step(() => spans()[1]!.click());
      expect(state.request).toHaveBeenCalledTimes(1); // busy while the message shows
      await advance(2_999);
      expect(popup()).not.toBeNull();
      await advance(1);
      expect(popup()).toBeNull();
      expect(spans()[0]!.textContent).not.toContain('info@');
      await clickFirst();
      expect(state.request).toHaveBeenCalledTimes(2);
    });

    it('tests is_allowed strictly: a truthy non-true value is a refusal', async () => {
      state.request.mockResolvedValue({
        success: true,
        data: [{ ...allowed('SEALED_A', 'info@example.com'), is_allowed: 1 }],
      });
      await clickFirst();
      expect(popup()?.textContent).toContain('Refused.');
      expect(popup()?.textContent).not.toContain('info@example.com');
    });

    it('network failure: the cannot-connect text and the message, hidden after 3 s', async () => {
      state.request.mockRejectedValue(new RequestError('Server response timeout', 0, null));
      await clickFirst();
      expect(popup()?.textContent).toContain('Cannot connect');
      expect(popup()?.textContent).toContain('Server response timeout');
      await advance(3_000);
      expect(popup()).toBeNull();
    });

    it('success:false or an answer without the clicked string: the cannot-decode text', async () => {
      state.request.mockResolvedValue({
        success: false,
        data: [{ ...allowed('SEALED_A', ''), is_allowed: false, comment: 'Check failed.' }],
      });
      await clickFirst();
      expect(popup()?.textContent).toContain('Can not decode');
      expect(popup()?.textContent).toContain('Check failed.');
      await advance(3_000);
      expect(popup()).toBeNull();

      state.request.mockResolvedValue({ success: true, data: false });
      await clickFirst();
      expect(popup()?.textContent).toContain('Can not decode');
    });

    it('a block reply from the request layer shows the blocked text with its comment', async () => {
      state.request.mockRejectedValue(
        new RequestError('Too many.', 200, {}, { comment: 'Too many.', stopScript: false }),
      );
      await clickFirst();
      expect(popup()?.textContent).toContain('Refused. Too many.');
    });
  });
}
