/** Suggest a place: a visitor proposes a business. */
export { SuggestPage } from './SuggestPage.js';
