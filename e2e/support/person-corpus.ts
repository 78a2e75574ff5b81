import { afterAll, beforeAll } from 'vitest';
import { sharedAdminSession } from './admin.js';
import { decodeSession, measureContact, type ContactLayout } from './contact-reveal.js';
import type { Corpus } from './corpus.js';
import { suggestVerdicts, verdictsOf, type Verdict } from './corpus-verdicts.js';
import { hand } from './hand.js';
import { measureLayout } from './layouts.js';
import { SESSIONS, type SessionKind } from './person-sessions.js';
import { inWindow } from './windows.js';
import { startScreen, type PersonBrowser } from './x-screen.js';
import { withBrowser } from './with-browser.js';

/**
 * The person corpus, shared by its tests and its benchmark: a real browser window (Debian's
 * Chromium, Firefox ESR or GNOME Web on WebKitGTK, Safari's engine) on an X server of its own,
 * driven by operating-system input with no automation protocol attached, so the spam shield sees
 * what it sees from a person. Each session fills "Suggest a place" its own way, or reveals a
 * contact; the administrator's spam log tells the verdict.
 */

/** Runs one session in a person's window and answers the verdicts it earned (see `verdictsOf`). */
export function personSession(
  corpus: Corpus,
  browser: PersonBrowser,
  kind: SessionKind,
  seed: number,
): Promise<Verdict[]> {
  const { screen, baseUrl, layout } = corpus;
  return verdictsOf(corpus, `${kind} (${browser})`, (settled) =>
    inWindow(screen, browser, baseUrl, () => SESSIONS[kind](screen, layout, hand(seed)), settled),
  );
}

/**
 * A test file's corpus: the X server, the administrator's session and the measured form, set up
 * before its tests and the X server stopped after them. With `checkPages`, the two pages the
 * corpus reads (the suggest form and the spam log) are checked with axe-core too; one file of a
 * run doing so is enough. Call it inside the `describe`; the answer gives the corpus once set up.
 */
export function corpusSuite({ checkPages }: { checkPages: boolean }): () => Corpus {
  const site = withBrowser({ judged: true });
  let corpus: Corpus | undefined;
  beforeAll(async () => {
    const screen = await startScreen();
    const reader = site.browser();
    // The staff read the spam log where the shield trusts their address; the windows are judged.
    const admin = await sharedAdminSession(reader, site.trustedUrl);
    if (checkPages) await suggestVerdicts(reader, site.trustedUrl, admin, true);
    const layout = await measureLayout(reader, screen, site.baseUrl, checkPages);
    corpus = { screen, reader, baseUrl: site.baseUrl, logUrl: site.trustedUrl, admin, layout };
  });
  afterAll(() => corpus?.screen.stop());
  return () => {
    if (!corpus) throw new Error('The corpus is not set up');
    return corpus;
  };
}

/**
 * A test file's person corpus (see `corpusSuite`): form sessions and reveals of a contact on an
 * item page (found once, by the reader, when first asked for), in whichever browser each asks
 * for, all on one site and one X server.
 */
export function personCorpus(options: { checkPages: boolean }) {
  const corpus = corpusSuite(options);
  let contact: Promise<ContactLayout> | undefined;
  return {
    session: (browser: PersonBrowser, kind: SessionKind, seed: number) => personSession(corpus(), browser, kind, seed),
    async reveal(browser: PersonBrowser, seed: number) {
      contact ??= measureContact(corpus().reader, corpus().baseUrl);
      return decodeSession(corpus(), browser, await contact, seed);
    },
  };
}
