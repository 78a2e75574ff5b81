import { describe, it } from 'vitest';
import { canRun, expectPassWithoutStepUp, expectRevealed, personCorpus } from './support/person-window.js';

/**
 * The person corpus in Debian's Firefox ESR: a plain `firefox-esr --profile <fresh> --no-remote
 * --kiosk <url>` window on an X server (Xvfb), no automation protocol at all (neither Marionette
 * nor WebDriver BiDi), the input from xdotool as the operating system gives it, with the extensions
 * installed for every user switched on: Debian's uBlock Origin, which `.ci/run` installs, with its
 * default lists (a shield that a content blocker broke would fail people here). A headless Chromium
 * only measures the form and reads the verdict from the spam log. The one reason a person's Firefox
 * here legitimately shows is `tell_software_gl`: Xvfb has no GPU, so Firefox's WebGL draws with
 * Mesa's llvmpipe and reports it (sanitised) as "llvmpipe, or similar", as it does for a person on
 * a virtual machine or a remote desktop. One session keeps the file short: the hesitant hand, which
 * moves to each target and rests there before it clicks (the one this corpus found stepped up in
 * Firefox); the other kinds run in Chromium in corpus-person.test.ts and in both browsers in
 * bench/shield-person-fp.bench.ts.
 */

describe.skipIf(!canRun('firefox'))('person corpus: a real Firefox ESR window, operating-system input', () => {
  // corpus-person.test.ts checks the form's and the spam log's pages with axe-core.
  const corpus = personCorpus('firefox', { checkPages: false });

  it('passes a hesitant person who rests the pointer on each target before clicking', async () => {
    expectPassWithoutStepUp(await corpus.session('hesitant', 13));
  });

  // Issue 27: the decoder judged in this browser too, not only in Chromium.
  it('reveals a masked contact a person points at and clicks', async () => {
    expectRevealed(await corpus.reveal(19));
  });
});
