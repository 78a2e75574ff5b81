/** Contacting an item's owner: the e-mail popup form's call, its limits and the owner's message. */
export { registerContactOwnerCalls } from './calls.js';
