import type { Layout } from './corpus-forms.js';
import { pickWith, sleep, type Hand } from './hand.js';
import { moveTo, paste, type } from './person-input.js';
import type { Screen } from './x-screen.js';

/** The kinds of person of the corpus, each filling "Suggest a place" its own way. */

export type SessionKind = 'mouse' | 'keyboard' | 'paste' | 'slow-reader' | 'hesitant';

/** How a pointer user's hand fills each field and what it does on the way. */
interface PointerHabits {
  fill(text: string): Promise<void>;
  /** Before the pointer sets off for the next field or the button. */
  beforeMove?(): Promise<void>;
  /** With the pointer on its target, before the click. */
  beforeClick?(): Promise<void>;
}

/** Points at the form's two fields and its button in turn: clicks each, fills the fields. */
async function pointAndFill(
  screen: Screen,
  parts: Layout,
  random: Hand,
  [first, second]: readonly [string, string],
  habits: PointerHabits,
): Promise<void> {
  let at: readonly [number, number] = [40, 40];
  for (const [target, text] of [
    [parts.fields[0], first],
    [parts.fields[1], second],
    [parts.submit, null],
  ] as const) {
    await habits.beforeMove?.();
    await moveTo(screen, at, target, random);
    at = target;
    await habits.beforeClick?.();
    await screen.x('click', '1');
    if (text !== null) await habits.fill(text);
  }
}

/**
 * The place a person suggests, in their own words: people suggest different places, and so type
 * different numbers of keys. Some type names with their capitals (Shift pressed first, as hands
 * do), some all in lower case, as many type a quick suggestion; a copied one is as its page wrote it.
 */
function placeOf(random: Hand, copied = false): readonly [string, string] {
  const pick = pickWith(random);
  const name = `${pick(['corner', 'river', 'old mill', 'green', 'little', 'north street'])} ${pick(['bakery', 'books', 'cafe', 'garden shop', 'toy shop', 'deli'])}`;
  const address = `${Math.floor(random(1, 240))} ${pick(['main', 'quiet', 'long', 'station', 'church'])} ${pick(['street', 'lane', 'road', 'row'])}`;
  const title = (text: string) => text.replace(/\b\w/g, (first) => first.toUpperCase());
  return copied || random(0, 1) < 0.5 ? [title(name), title(address)] : [name, address];
}

/** How each kind of person fills the form, once the page is open and read. */
export const SESSIONS: Readonly<Record<SessionKind, (screen: Screen, layout: Layout, random: Hand) => Promise<void>>> =
  {
    mouse: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        fill: (text) => type(screen, text, random),
        beforeClick: () => sleep(random(150, 450)),
      }),
    async keyboard(screen, parts, random) {
      for (let i = 0; i < parts.tabs; i += 1) {
        await screen.x('key', 'Tab');
        await sleep(random(150, 400));
      }
      const [name, address] = placeOf(random);
      await type(screen, name, random);
      await screen.x('key', 'Tab');
      await sleep(random(200, 500));
      await type(screen, address, random);
      await screen.x('key', 'Return');
    },
    paste: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random, true), {
        fill: (text) => paste(screen, text, random),
        beforeClick: () => sleep(random(150, 450)),
      }),
    /**
     * Reads long before each move, the pointer resting away from its next target, and stops
     * mid-field to think; each click still comes at the end of a move, as most clicks do.
     */
    'slow-reader': (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        async fill(text) {
          const half = text.indexOf(' ', text.length / 2);
          await type(screen, text.slice(0, half), random);
          await sleep(random(4_000, 6_000));
          await type(screen, text.slice(half), random);
        },
        beforeMove: () => sleep(random(6_000, 10_000)),
      }),
    /**
     * Rests the pointer on each field and the button a moment (reading the label, making up one's
     * mind) before clicking: a still hand on a mouse sends no pointer moves meanwhile.
     */
    hesitant: (screen, parts, random) =>
      pointAndFill(screen, parts, random, placeOf(random), {
        fill: (text) => type(screen, text, random),
        beforeClick: () => sleep(random(1_600, 3_000)),
      }),
  };
