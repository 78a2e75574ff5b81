/**
 * The schemas of `answer-schemas.ts`, loaded with the first answer a page reads. The schema
 * library is about a quarter of the home page's script, and the home page reads no answer before
 * its visitor votes, bookmarks or writes (a signed-in visitor's bookmarks aside), so its first
 * paint does not wait for it. Callers start this together with their request.
 */
export const loadAnswerSchemas = () => import('./answer-schemas.js');
