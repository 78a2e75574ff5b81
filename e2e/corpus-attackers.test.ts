import { describe, expect, it } from 'vitest';
import { attackerSession, caught } from './support/attackers.js';
import { REGISTRATION_FORM, reviewForm, SIGN_IN_FORM } from './support/corpus-forms.js';
import type { Verdict } from './support/corpus-verdicts.js';
import { corpusSuite } from './support/person-corpus.js';
import { canRun } from './support/x-screen.js';

/**
 * A sample of the bot corpus of today's attacker tools (`support/attackers.ts`), one session a
 * class spread over the protected forms ("Suggest a place", an item's review form, sign-in and
 * registration; the owner's contact dialog and "Add your business" are the benchmark's), every
 * class caught on a session's merit alone, each session asserted caught and what gave it away
 * named. The whole corpus, every class ten times on every form, quiet and with
 * the machine loaded, is `bench/shield-attackers.bench.ts`.
 */

/** Caught, as issue 26 counts it, and by the named reason. */
function expectCaughtBy(verdicts: readonly Verdict[], reason: string): void {
  expect(caught(verdicts)).toBe(true);
  expect(verdicts.flatMap((v) => v.reasons)).toContain(reason);
}

describe.skipIf(!canRun('chromium'))('bot corpus: today’s attacker tools', () => {
  const corpus = corpusSuite({ checkPages: false });

  it('stops headless Chromium with the stealth patches and human-like input at sign-in: its worker sees the browser unpatched', async () => {
    const verdicts = await attackerSession(corpus(), 'stealth', 101, { form: SIGN_IN_FORM });
    expectCaughtBy(verdicts, 'tell_worker');
  });

  // Aimed as ghost-cursor aims, at any point of each box: no centred click gives it away.
  it('holds a headful Chromium driven over the raw DevTools protocol: its presses have no pressure', async () => {
    const verdicts = await attackerSession(corpus(), 'raw-cdp', 202, { aim: 'box' });
    expectCaughtBy(verdicts, 'press_without_pressure');
  });

  // On the review form, not "Suggest a place": one session of this class, on a second kind of form.
  it('holds an ordinary window driven by xdotool with human-like timing on an item’s review form: it aims at the exact middle of each box', async () => {
    const form = await reviewForm(corpus().reader, corpus().baseUrl);
    const verdicts = await attackerSession(corpus(), 'os-human', 505, { form, aim: 'centre' });
    expectCaughtBy(verdicts, 'click_centred');
  });

  it('stops an ordinary window driven by xdotool with scripted timing at registration: straight lines', async () => {
    const verdicts = await attackerSession(corpus(), 'os-scripted', 303, { form: REGISTRATION_FORM });
    expectCaughtBy(verdicts, 'pointer_synthetic');
  });
});
