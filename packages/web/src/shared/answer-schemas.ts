/**
 * The protocol's schemas for the answers that pages read after their visitor acts. Load them
 * with `loadAnswerSchemas`, never import them: they bring the schema library with them.
 */
export { bookmarkState, captchaAnswer, sendVisitorsEmail, upvote } from '@waymark/protocol';
