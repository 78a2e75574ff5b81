/** The spam shield's server half: its plugin, routes and calls, and what the forms it protects use. */
export { shieldPlugin, type ShieldService } from './plugin.js';
export { shieldRoutes, SHIELD_DIST } from './routes.js';
export { registerShieldCalls } from './calls.js';
export { shieldPageParts } from './page.js';
export { judgeSubmission, type JudgeOptions, type JudgedVerdict } from './judge.js';
export { judgeVisitor } from './judge-visitor.js';
export { blockAnswer, refusalAnswer, refusalPage, renderBlockedPage, stepUpAnswer } from './block-answer.js';
export { STEP_UP_PAGE_TEXTS } from './step-up-page.js';
export { clientHash, visitorHash } from './client.js';
export type { ShieldKeys } from './keys.js';
export { doubtAfterStepUp, type Verdict } from './weigh.js';
export { teach as teachContent, type Lesson } from './content/index.js';
