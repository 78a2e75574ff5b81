import type { ReviewStatus } from '@waymark/protocol';
import type { Verdict } from '../shield/index.js';

export interface Fate {
  status: ReviewStatus;
  /** The author showed a person's signs and nothing else: the real-person badge. */
  realPerson: boolean;
}

/**
 * Below this score a reason is a hint, not a doubt: a software renderer alone (15) is what every
 * machine without a graphics driver shows, people on virtual desktops included.
 */
const DOUBT_SCORE = 20;

/**
 * What the spam shield's verdict makes of a review. A blocked one is kept as spam, so an
 * administrator can still rescue it. A doubted or dear one (a step-up) pays the puzzle first
 * (postReview); a paid puzzle proves work, not a person, so what doubt is left after it keeps it
 * held (the shield's `hold`), for an administrator's look, and so does a price no work pays.
 * Only a pass with at most a hint against it is published at once; the badge goes only to one
 * that needed no puzzle.
 */
export function reviewFate(verdict: Verdict): Fate {
  if (verdict.fate === 'block') return { status: 'spam', realPerson: false };
  const solved = verdict.reasons.includes('step_up_solved');
  const clean = verdict.fate === 'pass' && verdict.doubt < DOUBT_SCORE;
  // The badge says the shield found a person: not where it only trusted the address, or was paid.
  return { status: clean ? 'published' : 'held', realPerson: clean && !solved && verdict.score < DOUBT_SCORE };
}
