/** The spam shield's server half, for the forms it protects. */
export { judgeSubmission, type JudgeOptions } from './judge.js';
export { blockAnswer, renderBlockedPage } from './block-answer.js';
export type { Verdict } from './weigh.js';
