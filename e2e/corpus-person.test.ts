import { describe, expect, it } from 'vitest';
import { expectRevealed } from './support/contact-reveal.js';
import { expectPassWithoutStepUp } from './support/corpus-verdicts.js';
import { personCorpus } from './support/person-corpus.js';
import { canPaste, canRun } from './support/x-screen.js';

/**
 * The person corpus, driven as a person's browser is: a real browser window on an X server
 * (Xvfb) with operating-system input from xdotool and no automation protocol attached, so the
 * shield sees what it sees from a person. Each session fills the "Suggest a place" form its own
 * way, or reveals a masked contact; the spam log must show a pass with no step-up and no reason
 * but, at most, `tell_software_gl`: Xvfb has no GPU, so WebGL draws with Mesa's llvmpipe, as it
 * does for a person on a virtual machine or a remote desktop. A headless Chromium only measures
 * the form and reads the verdict from the spam log. One site and one X server serve all three
 * browsers; the slower kinds (a slow reader, a hesitant clicker in every browser) and the rates
 * over many sessions per browser are in bench/shield-person-fp.bench.ts.
 */

describe.skipIf(!canRun('chromium'))('person corpus: real windows, operating-system input', () => {
  const corpus = personCorpus({ checkPages: true });

  describe('Chromium', () => {
    it('passes a person with a mouse and irregular typing', async () => {
      expectPassWithoutStepUp(await corpus.session('chromium', 'mouse', 7));
    });

    it('passes a keyboard-only person', async () => {
      expectPassWithoutStepUp(await corpus.session('chromium', 'keyboard', 11));
    });

    it.skipIf(!canPaste())('passes a person who pastes both fields', async () => {
      const verdict = expectPassWithoutStepUp(await corpus.session('chromium', 'paste', 13));
      // Nothing typed to judge: the pastes and the approached clicks are the hand.
      expect(verdict.text).toContain('typingIntervalMs: null');
    });
  });

  /**
   * Debian's Firefox ESR: a plain `firefox-esr --profile <fresh> --no-remote --kiosk <url>`
   * window, neither Marionette nor WebDriver BiDi, with the extensions installed for every user
   * switched on: Debian's uBlock Origin, which `.ci/run` installs, with its default lists (a
   * shield that a content blocker broke would fail people here). The hesitant hand, which rests
   * on each target before it clicks, is the one this corpus once found stepped up in Firefox.
   */
  describe.skipIf(!canRun('firefox'))('Firefox ESR', () => {
    it('passes a hesitant person who rests the pointer on each target before clicking', async () => {
      expectPassWithoutStepUp(await corpus.session('firefox', 'hesitant', 29));
    });

    // Issue 27: the decoder judged in this browser too, not only in Chromium.
    it('reveals a masked contact a person points at and clicks', async () => {
      expectRevealed(await corpus.reveal('firefox', 19));
    });
  });

  /** WebKit, Safari's engine: Debian's GNOME Web (Epiphany, on WebKitGTK) in a private window. */
  describe.skipIf(!canRun('webkit'))('GNOME Web (WebKit)', () => {
    it('passes a person with a mouse and irregular typing', async () => {
      expectPassWithoutStepUp(await corpus.session('webkit', 'mouse', 17));
    });

    it('reveals a masked contact a person points at and clicks', async () => {
      expectRevealed(await corpus.reveal('webkit', 23));
    });
  });
});
