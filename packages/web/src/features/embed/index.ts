/** The directory in another site's frame, and the embed links and dialog of the lists. */
export { EmbedFrame, ItemPageLink } from './EmbedFrame.js';
export { EmbedLists } from './EmbedLists.js';
