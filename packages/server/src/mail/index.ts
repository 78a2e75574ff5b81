/** Mail: the outbox every message goes through, its SMTP worker, and the site's mail template. */
export { mailPlugin } from './plugin.js';
export { mailRoutes } from './routes.js';
export { notifyAdministrators } from './administrators.js';
export { enqueueMail, waitingMail, type MailMessage } from './store.js';
export { renderMail, type MailContent, type RenderedMail } from './template.js';
export { OutboxWorker, exponentialBackoff, type WorkerOptions, type PassResult } from './worker.js';
export { smtpSender, type MailSender } from './transport.js';
