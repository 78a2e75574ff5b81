import type { ReviewStatus } from '@waymark/protocol';
import { doubtAfterStepUp, type Verdict } from '../shield/index.js';

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
 * administrator can still rescue it. A doubted one (a step-up) is asked for the puzzle first
 * (postReview); a solved puzzle answers the guesses of hidden automation, and what doubt is left
 * beyond them (a browser that says it is automated, a missing token) keeps it held, for an
 * administrator's look. A step-up that could not be
 * asked is held too. Only a pass with at most a hint against it is published at once; the badge
 * goes only to one that needed no puzzle.
 */
export function reviewFate(verdict: Verdict): Fate {
  if (verdict.fate === 'block') return { status: 'spam', realPerson: false };
  const solved = verdict.reasons.includes('step_up_solved');
  const doubt = solved ? doubtAfterStepUp(verdict.reasons, 'review') : verdict.score;
  const clean = verdict.fate === 'pass' && doubt < DOUBT_SCORE;
  return { status: clean ? 'published' : 'held', realPerson: clean && !solved };
}
