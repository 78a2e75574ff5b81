/** The mail tests' real SMTP server on loopback, for browser tests that read the site's mail. */
export { parseMail, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../packages/server/test/mail/smtp.js';
