import nodemailer from 'nodemailer';
import type { OutboxRow } from './store.js';

/** Hands one message to the SMTP server; resolves only once the server accepted it. */
export interface MailSender {
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

/** nodemailer over `SMTP_URL` (`smtp://user:pass@host:port`, or `smtps://` for TLS from the start). */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Well under the outbox's claim, so a hung server never outlives the claim on a message.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(row) {
      // nodemailer rejects when the server refuses the sender, every recipient or the data.
      await transport.sendMail({
        from,
        to: row.to_address,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    },
    close: () => transport.close(),
  };
}
