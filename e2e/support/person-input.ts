import { spawn } from 'node:child_process';
import { sleep, type Hand } from './hand.js';
import { XCLIP, type Screen } from './x-screen.js';

/** A person's hand on the keyboard and the mouse, as operating-system input (xdotool, xclip). */

/** The X keysym xdotool presses for a character: letters and digits are their own. */
const KEYSYMS: Readonly<Record<string, string>> = {
  ' ': 'space',
  '.': 'period',
  ',': 'comma',
  '!': 'exclam',
  '-': 'minus',
  '@': 'at',
  '?': 'question',
  "'": 'apostrophe',
  '\n': 'Return',
};
export const keysymOf = (char: string): string => KEYSYMS[char] ?? char;

/**
 * A person's own tempo, drawn once per hand: people differ in how long they hold keys, how fast
 * they type and move the pointer, and how often they stop to think, so two sessions of the corpus
 * are two people, not one person twice.
 */
interface Tempo {
  hold: readonly [number, number];
  gap: readonly [number, number];
  pauses: number;
  steps: number;
  step: readonly [number, number];
}

const tempos = new WeakMap<Hand, Tempo>();

function tempoOf(random: Hand): Tempo {
  const known = tempos.get(random);
  if (known) return known;
  const hold = random(55, 110);
  const gap = random(70, 200);
  const step = random(8, 20);
  const tempo: Tempo = {
    hold: [hold, hold + random(30, 60)],
    gap: [gap, gap + random(150, 300)],
    pauses: random(0.05, 0.25),
    steps: Math.round(random(9, 20)),
    step: [step, step + random(10, 25)],
  };
  tempos.set(random, tempo);
  return tempo;
}

/**
 * Keys pressed and let go as a hand does, at the hand’s own tempo (holds of 55–170 ms, gaps of
 * 70–500 ms), and now and then (after a word, or on a hesitation) a longer one, so the gaps vary
 * as a typist's do; a capital with Shift pressed first.
 */
export async function type(screen: Screen, text: string, random: Hand): Promise<void> {
  const { hold, gap, pauses } = tempoOf(random);
  for (const char of text) {
    // A capital: the little finger on Shift first, the letter a moment later, Shift let go after.
    const capital = /[A-Z]/.test(char);
    const key = capital ? char.toLowerCase() : keysymOf(char);
    if (capital) {
      await screen.x('keydown', 'shift');
      await sleep(random(40, 150));
    }
    await screen.x('keydown', key);
    await sleep(random(...hold));
    await screen.x('keyup', key);
    if (capital) {
      await sleep(random(10, 60));
      await screen.x('keyup', 'shift');
    }
    await sleep(random(...gap) + (char === ' ' || random(0, 1) < pauses ? random(200, 700) : 0));
  }
}

/**
 * A curved, uneven pointer path from `from` to somewhere near `to`: a hand aiming at the middle of
 * a field or a button lands a few pixels off it (Fitts: the scatter is about a quarter of the
 * target's size, here up to 12 px across and 6 px down a 40 px high box).
 */
export async function moveTo(
  screen: Screen,
  from: readonly [number, number],
  to: readonly [number, number],
  random: Hand,
): Promise<void> {
  const { steps, step } = tempoOf(random);
  const bend = random(-120, 120);
  const aim = [random(-12, 12), random(-6, 6)] as const;
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const ease = t * t * (3 - 2 * t);
    const px = from[0] + (to[0] + aim[0] - from[0]) * ease + Math.sin(Math.PI * t) * bend + random(-3, 3);
    const py = from[1] + (to[1] + aim[1] - from[1]) * ease + Math.sin(Math.PI * t) * bend * 0.4 + random(-3, 3);
    await screen.x('mousemove', String(Math.round(px)), String(Math.round(py)));
    await sleep(random(...step));
  }
}

/**
 * Pastes `text` as a person does who copied it elsewhere: the text is put on the clipboard (xclip
 * owns it until the paste is done) and Ctrl+V pressed with the keys held a while.
 */
export async function paste(screen: Screen, text: string, random: Hand): Promise<void> {
  const owner = spawn(XCLIP, ['-selection', 'clipboard', '-quiet'], {
    env: { ...process.env, DISPLAY: screen.display },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  owner.stdin?.end(text);
  try {
    await sleep(random(300, 600));
    await screen.x('keydown', 'ctrl');
    await sleep(random(80, 160));
    await screen.x('keydown', 'v');
    await sleep(random(60, 120));
    await screen.x('keyup', 'v');
    await sleep(random(40, 100));
    await screen.x('keyup', 'ctrl');
    await sleep(random(400, 700));
  } finally {
    owner.kill();
  }
}
