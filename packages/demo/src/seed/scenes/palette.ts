import type { Random } from '../random.js';
import { mix, type Named } from './canvas.js';

export { article, capitalise } from '../grammar.js';

/**
 * Colours a picture may use, each with the word its alt text says. A drawn colour wanders a
 * little from its family's hex, so two green awnings are seldom the same green.
 */

const named = (entries: Readonly<Record<string, string>>): readonly Named[] =>
  Object.entries(entries).map(([name, hex]) => ({ name, hex }));

/** Strong colours for awnings, doors, fascias and canopies. */
export const BOLD = named({
  red: '#c23b2e',
  green: '#2f7d4f',
  'dark green': '#1f4d36',
  navy: '#22395f',
  blue: '#2f6fb0',
  teal: '#1d7f80',
  mustard: '#d19a1c',
  orange: '#d9652b',
  burgundy: '#7a2238',
  black: '#2a2a2e',
  plum: '#6a3566',
  olive: '#6f7a2c',
  pink: '#d46a8e',
  'sky-blue': '#5aa2d4',
});

/** Softer colours for walls and shopfronts. */
export const WALLS = named({
  cream: '#efe3c8',
  white: '#f3f1ea',
  'pale pink': '#eac8c0',
  sage: '#a9bd9c',
  'duck-egg blue': '#a9cccc',
  ochre: '#d6a75c',
  terracotta: '#c26c4e',
  'brick-red': '#a5523f',
  grey: '#9aa1a8',
  charcoal: '#4a4d52',
  lavender: '#b8add0',
  'pale yellow': '#eedc9a',
});

/** Colours for upholstery, table cloths, book spines and fruit. */
export const BRIGHT = ['#e4572e', '#f3a712', '#29335c', '#669bbc', '#a8c686', '#db5461', '#8e6c8a', '#f0c808'];

export const WOOD = ['#8a5a3b', '#6b4226', '#a47148', '#c18f5e', '#5a3a29'];

/** A family member: the family's name, a hex a little off its centre. */
export function pickColour(family: readonly Named[], random: Random, except: readonly string[] = []): Named {
  const choices = family.filter((c) => !except.includes(c.name));
  const base = random.pick(choices.length > 0 ? choices : family);
  const drift = random.float(-0.12, 0.12);
  return { name: base.name, hex: mix(base.hex, drift < 0 ? '#000000' : '#ffffff', Math.abs(drift)) };
}

/** "two", "three"… for alt texts; digits beyond twelve. */
export function countWord(n: number): string {
  return (
    ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][n] ??
    String(n)
  );
}
