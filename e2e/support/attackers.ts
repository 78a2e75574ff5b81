import { SUGGEST_FORM, type CorpusForm } from './corpus-forms.js';
import type { Corpus } from './corpus.js';
import { verdictsOf, type Verdict } from './corpus-verdicts.js';
import { farmTexts } from './farm-texts.js';
import { hand } from './hand.js';
import type { Aim, Target } from './human-like.js';
import { layoutOf } from './layouts.js';
import { osHuman, osScripted } from './os-sessions.js';
import { rawCdpSession } from './raw-cdp-session.js';
import { stealthSession } from './stealth-session.js';
import { inWindow } from './windows.js';
import type { PersonBrowser } from './x-screen.js';

/**
 * The bot corpus of today's attacker tools, as issue 26 names them, each written the way its users
 * write it and not tuned to what the shield looks for: an automation library in headless Chromium
 * with the usual stealth patches and human-like input; a headful Chromium driven over the raw
 * DevTools protocol (only `Input.dispatch*` and `Page.navigate`, the Runtime domain never
 * enabled); and an ordinary Chromium window driven by operating-system input (XTEST through
 * xdotool), once with scripted timing and once with human-like timing. Every session posts what a
 * farm posts on its form (`farm-texts.ts`): a listing, praise, a leaked credential, a fake account,
 * a sales pitch to an owner. The verdicts are read from the spam log, as for the
 * person corpus.
 */

export type AttackerClass = 'stealth' | 'raw-cdp' | 'os-scripted' | 'os-human';
export const ATTACKER_CLASSES: readonly AttackerClass[] = ['stealth', 'raw-cdp', 'os-scripted', 'os-human'];

/** The classes that drive an ordinary window by operating-system input: they can drive any browser. */
export const OS_CLASSES: readonly AttackerClass[] = ['os-scripted', 'os-human'];

/** Where and how a session attacks: the form, the browser it drives, how its pointer aims. */
export interface Attack {
  /** The suggest form unless told. */
  form?: CorpusForm;
  /** Chromium unless told; only the operating-system classes drive another. */
  browser?: PersonBrowser;
  /** At each box's middle unless told; scripted timing always aims there. */
  aim?: Aim;
}

/** Runs one attacker session of `kind` and answers the verdicts it earned, oldest first. */
export async function attackerSession(
  corpus: Corpus,
  kind: AttackerClass,
  seed: number,
  { form = SUGGEST_FORM, browser = 'chromium', aim = 'centre' }: Attack = {},
): Promise<Verdict[]> {
  if (browser !== 'chromium' && !OS_CLASSES.includes(kind)) throw new Error(`The ${kind} bot drives Chromium only`);
  const random = hand(seed);
  const target: Target = {
    form,
    layout: await layoutOf(corpus, form),
    texts: farmTexts(form, random),
    aim,
  };
  return verdictsOf(
    corpus,
    `${kind} bot (${browser})`,
    async (settled) => {
      if (kind === 'stealth') return stealthSession(corpus, target, random, settled);
      if (kind === 'raw-cdp') return rawCdpSession(corpus, target, random, settled);
      const script = kind === 'os-scripted' ? osScripted : osHuman;
      await inWindow(
        corpus.screen,
        browser,
        corpus.baseUrl,
        () => script(corpus.screen, target, random),
        settled,
        form.page,
      );
    },
    form.form,
  );
}

/**
 * Whether the shield caught a session, as issue 26 counts it: blocked, held, or stepped up to a
 * price it did not pay (no verdict after the step-up). A puzzle paid and then passed is not caught.
 */
export function caught(verdicts: readonly Verdict[]): boolean {
  const last = verdicts.at(-1);
  if (!last) return false;
  return (
    verdicts.some((v) => v.allowed !== 'allowed' || /fate: (?:hold|block)/.test(v.text)) ||
    /fate: step-up/.test(last.text)
  );
}
