import type { SharedState } from '../shared-state/shared-state.js';
import { MIN_KEYS, MIN_POINTER, type BehaviourSummary } from './behaviour.js';
import { recentFromOthers } from './recent-from-others.js';

/**
 * Every rich behaviour summary is remembered for a while, by every instance; one that arrives
 * again, from any visitor, as it was or with its figures nudged (a farm that posts one person's
 * recording many times, each figure jittered by some percent), is a replay. The figures compared
 * are each statistic's count, mean and spread; not the plain counts of clicks, focused fields and
 * pastes, which the form decides (everyone who fills one form clicks as often and focuses as many
 * fields) and so say nothing of who filled it. Every figure must be close and, on average, very
 * close: two copies of one recording jittered by 15 % each differ by 9 % on average and never by
 * more than 26 %, while two people's hands, alike as they may be, differ by more on some figures.
 */

const RECENT = 1_000;
const RECENT_SECONDS = 7 * 86_400;
/** How far apart one figure may be, as a share of the larger, in a nudged copy. */
export const MAX_NUDGE = 0.27;
/** How far apart the figures may be on average. */
export const MEAN_NUDGE = 0.15;
/** Figures a summary must have (not zero) to be compared at all. */
const MIN_FIGURES = 10;

export function figuresOf(b: BehaviourSummary): number[] | null {
  if (b.keyGap.count < MIN_KEYS && b.turn.count < MIN_POINTER) return null;
  const figures = [b.keyHold, b.keyGap, b.speed, b.turn, b.straightness].flatMap((s) => [s.count, s.mean, s.sd]);
  return figures.filter((f) => f !== 0).length >= MIN_FIGURES ? figures : null;
}

export function nudged(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  let total = 0;
  let compared = 0;
  for (const [i, x] of a.entries()) {
    const y = b[i] ?? 0;
    const larger = Math.max(Math.abs(x), Math.abs(y));
    // Zero on both sides: a statistic neither summary has.
    if (larger === 0) continue;
    const apart = Math.abs(x - y) / larger;
    if (apart > MAX_NUDGE) return false;
    total += apart;
    compared += 1;
  }
  return compared >= MIN_FIGURES && total / compared <= MEAN_NUDGE;
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
