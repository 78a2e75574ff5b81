import { describe, it } from 'vitest';
import { canRun, expectPassWithoutStepUp, expectRevealed, personCorpus } from './support/person-window.js';

/**
 * The person corpus in WebKit, Safari's engine: Debian's GNOME Web (Epiphany, on WebKitGTK) in a
 * plain private window on an X server (Xvfb), no automation protocol at all, the input from
 * xdotool as the operating system gives it. A headless Chromium only measures the form and reads
 * the verdict from the spam log. As in Firefox, the one reason a person's browser here
 * legitimately shows is `tell_software_gl` (Xvfb has no GPU). One session, the mouse and
 * irregular typing most people fill a form with, keeps the file short; the other kinds run in
 * all three browsers in bench/shield-person-fp.bench.ts.
 */

describe.skipIf(!canRun('webkit'))('person corpus: a real GNOME Web (WebKit) window, operating-system input', () => {
  // corpus-person.test.ts checks the form's and the spam log's pages with axe-core.
  const corpus = personCorpus('webkit', { checkPages: false });

  it('passes a person with a mouse and irregular typing', async () => {
    expectPassWithoutStepUp(await corpus.session('mouse', 17));
  });

  // Issue 27: the decoder judged in this browser too, not only in Chromium.
  it('reveals a masked contact a person points at and clicks', async () => {
    expectRevealed(await corpus.reveal(23));
  });
});
