/** The administrators' outbox: the messages the site has not delivered yet. */
export { OutboxPage } from './OutboxPage.js';
