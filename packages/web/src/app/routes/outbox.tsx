export { OutboxPage as default } from '../../features/outbox/OutboxPage.js';
