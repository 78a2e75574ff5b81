/** A session's timing and choices, the same for the same seed. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A deterministic hand: the same uneven delays for the same seed. */
export type Hand = (min: number, max: number) => number;
export function hand(seed: number): Hand {
  let s = seed;
  return (min, max) => min + ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * (max - min);
}

/** One of `items`, chosen by `random`'s hand: the same choices for the same seed. */
export const pickWith =
  (random: Hand) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(random(0, items.length))] as T;
