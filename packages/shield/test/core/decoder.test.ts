import { describe, expect, it, vi } from 'vitest';
import { showBlockDialog } from '../../src/core/block-dialog.js';
import { decodeFields, fillElements, readAnswer } from '../../src/core/decoder/contacts.js';
import { startDecoderPopup } from '../../src/core/decoder/popup.js';
import { describeDecoderPopup, HAPPY, link, spans, useDecoderPage, type DecoderHarness } from '../decoder-scenarios.js';
import { usePage } from '../page.js';

/** The page script's popup: the platform's `<dialog>`; Escape closes it as the platform would. */
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.shield-decoder');
const harness: DecoderHarness = {
  mount(options) {
    const decoder = startDecoderPopup(options);
    return () => decoder.stop();
  },
  popup: dialog,
  step: async (run) => {
    await run();
  },
  escape: async () => dialog()?.close(),
};

describeDecoderPopup('page script decoder popup', harness);

describe('page script decoder popup, as a dialog', () => {
  const state = useDecoderPage(harness);
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('is a modal dialog named by its title, moves focus to got it, and gives it back to the contact', async () => {
    link().focus();
    link().click();
    await settle();
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('aria-label')).toBe('Waymark email decoder');
    expect(dialog()?.querySelector('h2')?.textContent).toBe('Waymark email decoder');
    expect(dialog()?.querySelector('output')?.textContent).toBe('Wait… ');
    expect(dialog()?.classList.contains('waiting')).toBe(true);
    expect(dialog()?.querySelector('button')?.hidden).toBe(true);

    await vi.advanceTimersByTimeAsync(3_000);
    const gotIt = dialog()?.querySelector('button');
    expect(gotIt?.hidden).toBe(false);
    expect(document.activeElement).toBe(gotIt);
    expect(dialog()?.querySelector('output')?.textContent).toBe('The complete one is +442079460123');
    gotIt?.click();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link());
  });

  it('a click on the backdrop closes it like Escape', async () => {
    spans()[0]!.click();
    await settle();
    dialog()!.click();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(spans()[0]);
  });

  it('contacts filled by got it turn plain even when a later popup is dismissed meanwhile', async () => {
    spans()[0]!.click();
    await vi.advanceTimersByTimeAsync(3_000);
    dialog()?.querySelector('button')?.click();
    document.body.insertAdjacentHTML('beforeend', '<span data-original-string="SEALED_B">x**@**y.z</span>');
    await settle();
    const late = document.querySelector<HTMLElement>('[data-original-string="SEALED_B"]')!;
    expect(late.getAttribute('role')).toBe('button');
    late.click();
    await settle();
    dialog()?.close();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(spans()).toHaveLength(0);
    expect(document.querySelectorAll('[data-original-string]')).toHaveLength(1);
  });

  it('stops listening when stopped', async () => {
    startDecoderPopup({ request: state.request, signals: () => ({ token: '', data: {} }) }).stop();
    spans()[0]!.click();
    await settle();
    expect(state.request).toHaveBeenCalledTimes(1);
  });
});

describe('decode call fields and answers', () => {
  usePage();

  // Issue 27: one tap spent a visitor's hourly share on every contact of the page.
  it('asks for the clicked string alone: the same string elsewhere on the page fills from its answer', () => {
    document.body.innerHTML =
      '<i data-original-string="B"></i><i data-original-string="A"></i><i data-original-string="B"></i>';
    expect(decodeFields({ token: '', data: {} }, 'B').encodedEmails).toBe('{"0":"B"}');
    const filled = fillElements([{ encoded_email: 'B', decoded_email: '+44 1', is_allowed: true, comment: '' }]);
    expect(filled.map((element) => element.textContent)).toEqual(['+44 1', '+44 1']);
  });

  it('reads the clicked string out of an answer for all of them', () => {
    expect(readAnswer(HAPPY, 'SEALED_T')).toMatchObject({ kind: 'decoded', value: '+442079460123' });
    expect(readAnswer(HAPPY, 'OTHER')).toEqual({ kind: 'cannot_decode', comment: 'Allowed' });
    expect(readAnswer('nonsense', 'SEALED_A')).toEqual({ kind: 'cannot_decode', comment: '' });
    expect(readAnswer(null, 'SEALED_A')).toEqual({ kind: 'cannot_decode', comment: '' });
  });
});

describe('block dialog of the page script', () => {
  usePage();

  it('shows the server’s message in a modal dialog; the close button or the backdrop closes it', () => {
    showBlockDialog({ comment: 'Not sent: looks automated.', stopScript: false });
    const block = () => document.querySelector<HTMLDialogElement>('dialog.apbct-block');
    expect(block()?.open).toBe(true);
    expect(block()?.getAttribute('aria-label')).toBe('Submission blocked');
    expect(block()?.textContent).toContain('Not sent: looks automated.');
    block()?.querySelector('button')?.click();
    expect(block()).toBeNull();

    showBlockDialog({ comment: 'Again.', stopScript: false });
    block()?.querySelector('p')?.click();
    expect(block()?.open).toBe(true);
    block()?.click();
    expect(block()).toBeNull();
    expect(document.querySelectorAll('style#apbct-block')).toHaveLength(1);
  });
});
