import type { SharedState } from '../shared-state/shared-state.js';
import { MIN_KEYS, MIN_POINTER, type BehaviourSummary } from './behaviour.js';
import { recentFromOthers } from './recent-from-others.js';

/**
 * Every rich behaviour summary is remembered for a while, by every instance; one that arrives
 * again, from any visitor, as it was or with its figures nudged (a farm that posts one person's
 * recording many times, each figure jittered by some percent), is a replay. Two people's
 * summaries differ by more than that on some of their many figures: counts follow the text typed
 * and the path taken, timing follows the hand.
 */

const RECENT = 1_000;
const RECENT_SECONDS = 7 * 86_400;
/** How far apart two figures may be, as a share of the larger, and still be the same one nudged. */
export const NUDGE = 0.25;
/** Figures a summary must have (not zero) to be compared at all. */
const MIN_FIGURES = 10;

export function figuresOf(b: BehaviourSummary): number[] | null {
  if (b.keyGap.count < MIN_KEYS && b.turn.count < MIN_POINTER) return null;
  const figures = [b.keyHold, b.keyGap, b.speed, b.turn, b.straightness].flatMap((s) => [s.count, s.mean, s.sd]);
  figures.push(b.mouseClicks, b.approached, b.focusPointer + b.focusTab + b.focusOther, b.pastes);
  return figures.filter((f) => f !== 0).length >= MIN_FIGURES ? figures : null;
}

export function nudged(a: readonly number[], b: readonly number[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => Math.abs(x - (b[i] ?? 0)) <= NUDGE * Math.max(Math.abs(x), Math.abs(b[i] ?? 0)) + 1e-6)
  );
}

const encode = (figures: readonly number[]) => figures.map((f) => Number(f.toPrecision(5))).join(',');

/**
 * Remembers this summary; answers whether it, or a nudged copy of it, came before from another
 * visitor. The same visitor's summary comes again honestly: a form sent again after an error
 * carries the session's summary, a few keys longer.
 */
export async function replayedBehaviour(
  state: SharedState,
  sender: string,
  summary: BehaviourSummary | null,
): Promise<boolean> {
  const figures = summary && figuresOf(summary);
  if (!figures) return false;
  const others = await recentFromOthers(state, 'shield:behaviour:recent', {
    sender,
    value: encode(figures),
    keep: RECENT,
    ttlSeconds: RECENT_SECONDS,
  });
  return others.some((list) => nudged(figures, list.split(',').map(Number)));
}
