import type { ReviewStatus } from '@waymark/protocol';
import type { Verdict } from '../shield/index.js';

export interface Fate {
  status: ReviewStatus;
  /** The author showed a person's signs and nothing else: the real-person badge. */
  realPerson: boolean;
}

/**
 * What the spam shield's verdict makes of a review. A blocked one is kept as spam, so an
 * administrator can still rescue it; one with any doubt at all waits for an administrator; only
 * a verdict with no reason against it is published at once and earns the badge.
 */
export function reviewFate(verdict: Verdict): Fate {
  if (!verdict.allowed) return { status: 'spam', realPerson: false };
  const clean = verdict.reasons.length === 0;
  return { status: clean ? 'published' : 'held', realPerson: clean };
}
