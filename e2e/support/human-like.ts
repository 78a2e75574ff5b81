import type { CorpusForm, Layout, Point } from './corpus-forms.js';
import { sleep, type Hand } from './hand.js';

/**
 * Input as the attacker kits draw it to look human: Bézier paths with overshoot and jitter,
 * log-normal holds, gaps and reading pauses, whatever sends the moves and keys.
 */

/**
 * Where a kit's pointer lands on a box: its exact middle (pyautogui's `locateCenterOnScreen`,
 * a script that clicks an element's centre), or any point well inside it (ghost-cursor,
 * HumanCursor: a random point of the box).
 */
export type Aim = 'centre' | 'box';

/** How far from the middle a `box` aim lands, at most: inside any button or field of the forms. */
const BOX_SPREAD = 8;

/**
 * What a session posts, where: the form, its layout in the window, the texts it types, one a
 * field, and how it aims.
 */
export interface Target {
  form: CorpusForm;
  layout: Layout;
  texts: readonly string[];
  aim: Aim;
}

/**
 * The stops of a session's pointer: the opener, the list, each field with the text it gets, then
 * the button (or Enter in the last field).
 */
export function stopsOf({ form, layout, texts }: Target): [Point, string | null][] {
  const fields = layout.fields.map((field, index): [Point, string | null] => [field, texts[index] ?? '']);
  const last = fields.at(-1);
  if (form.sentWithEnter && last) last[1] = `${last[1] ?? ''}\n`;
  return [
    ...(layout.opener ? [[layout.opener, null] as [Point, null]] : []),
    // A list is opened by a click and picked from by typing its option's label and Enter.
    ...(layout.choice && form.choice ? [[layout.choice, `${form.choice.option}\n`] as [Point, string]] : []),
    ...fields,
    ...(form.sentWithEnter ? [] : [[layout.submit, null] as [Point, null]]),
  ];
}

/** A log-normal delay around `median` ms: the shape of human key and pause times. */
export function logNormal(random: Hand, median: number, sigma: number): number {
  const u = Math.max(random(0, 1), 1e-9);
  const v = random(0, 1);
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

/**
 * A human-looking path as the stealth kits draw it: a cubic Bézier with random control points,
 * an overshoot past the target and back, a pixel or two of jitter, eased so it starts and ends
 * slowly. Answers the points and the pause after each.
 */
export function bezierPath(random: Hand, from: Point, to: Point): [Point, number][] {
  const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const steps = Math.max(8, Math.round(distance / 25));
  const spread = Math.min(200, distance / 3);
  const c1: Point = [from[0] + (to[0] - from[0]) / 3 + random(-spread, spread), from[1] + random(-spread, spread)];
  const c2: Point = [from[0] + ((to[0] - from[0]) * 2) / 3 + random(-spread, spread), to[1] + random(-spread, spread)];
  const overshoot: Point = [to[0] + random(-12, 12), to[1] + random(-8, 8)];
  const points: [Point, number][] = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const u = 1 - e;
    const x = u ** 3 * from[0] + 3 * u * u * e * c1[0] + 3 * u * e * e * c2[0] + e ** 3 * overshoot[0];
    const y = u ** 3 * from[1] + 3 * u * u * e * c1[1] + 3 * u * e * e * c2[1] + e ** 3 * overshoot[1];
    points.push([[Math.round(x + random(-1.5, 1.5)), Math.round(y + random(-1.5, 1.5))], logNormal(random, 14, 0.4)]);
  }
  points.push([to, logNormal(random, 60, 0.5)]);
  return points;
}

/** The keys of a text as a hand presses them: each key's hold and the gap after it, log-normal. */
export function keyTimes(random: Hand, text: string): { char: string; hold: number; gap: number }[] {
  return [...text].map((char) => ({
    char,
    hold: logNormal(random, 85, 0.3),
    gap: logNormal(random, 150, 0.5) + (char === ' ' ? logNormal(random, 120, 0.6) : 0),
  }));
}

export const isCapital = (char: string) => char !== char.toLowerCase();

/** The moves, clicks and keys of one session, whatever sends them. */
export interface Driver {
  move(to: Point, pause: number): Promise<void>;
  press(hold: number): Promise<void>;
  key(char: string, hold: number): Promise<void>;
}

/**
 * Reads (unless it goes on from `from`), moves to each stop (where `aim` lands on it) along Bézier paths, clicks, types
 * with log-normal keys; a stop without text is a button: a dialog's opener, or the form's own.
 * Answers where the pointer was left.
 */
export async function humanLike(
  driver: Driver,
  stops: readonly [Point, string | null][],
  random: Hand,
  { aim, from }: { aim: Aim; from?: Point },
): Promise<Point> {
  let at: Point = from ?? [random(100, 400), random(60, 200)];
  if (!from) {
    await driver.move(at, 0);
    await sleep(logNormal(random, 1_500, 0.4));
  }
  const spread = aim === 'box' ? BOX_SPREAD : 0;
  for (const [middle, text] of stops) {
    const stop: Point = [
      Math.round(middle[0] + random(-spread, spread)),
      Math.round(middle[1] + random(-spread, spread)),
    ];
    for (const [point, pause] of bezierPath(random, at, stop)) await driver.move(point, pause);
    at = stop;
    await driver.press(logNormal(random, 95, 0.3));
    await sleep(logNormal(random, text === null ? 700 : 400, 0.4));
    for (const { char, hold, gap } of keyTimes(random, text ?? '')) {
      await driver.key(char, hold);
      await sleep(gap);
    }
  }
  return at;
}

/** Waits, as a farm does, until its post is answered (here: its verdict is in), at most 20 s. */
export async function until(settled: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 20 && !(await settled()); i += 1) await sleep(1_000);
}
