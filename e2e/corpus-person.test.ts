import { describe, expect, it } from 'vitest';
import { canPaste, canRun, expectPassWithoutStepUp, personCorpus } from './support/person-window.js';

/**
 * The person corpus, driven as a person's browser is: a real Chromium window on an X server
 * (Xvfb) with operating-system input from xdotool, not the automation protocol, so the shield
 * sees what it sees from a person. Each session fills the "Suggest a place" form its own way
 * (mouse and irregular typing, keyboard only, paste); the spam log must show a pass with no
 * step-up and no reason but, at most, the software WebGL this X server draws with. Firefox ESR's
 * sessions are in corpus-person-firefox.test.ts; the slower kinds (a slow reader, a hesitant
 * clicker) and the rates over many sessions per browser in bench/shield-person-fp.bench.ts.
 */

describe.skipIf(!canRun('chromium'))('person corpus: a real Chromium window, operating-system input', () => {
  const corpus = personCorpus('chromium', { checkPages: true });

  it('passes a person with a mouse and irregular typing', async () => {
    expectPassWithoutStepUp(await corpus.session('mouse', 7));
  });

  it('passes a keyboard-only person', async () => {
    expectPassWithoutStepUp(await corpus.session('keyboard', 11));
  });

  it.skipIf(!canPaste())('passes a person who pastes both fields', async () => {
    const verdict = expectPassWithoutStepUp(await corpus.session('paste', 13));
    // Nothing typed to judge: the pastes and the approached clicks are the hand.
    expect(verdict.text).toContain('typingIntervalMs: null');
  });
});
