import { renderMail, type MailMessage } from '../mail/index.js';

export interface VisitorMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The owner's copy of a visitor's message: From the site, the visitor in Reply-To. */
export function ownerMail(
  owner: { title: string; owner_email: string },
  visitor: VisitorMessage,
  siteName: string,
): MailMessage {
  const mail = renderMail(
    {
      subject: `${visitor.subject} (about ${owner.title})`,
      paragraphs: [
        `${visitor.name} <${visitor.email}> sent you a message through ${siteName} about your listing “${owner.title}”:`,
      ],
      quote: visitor.message,
      footer: `Reply to this e-mail to answer ${visitor.name}. You get this message because your listing is on ${siteName}; your address was not shown to the sender.`,
    },
    siteName,
  );
  return { kind: 'contact-owner', to: owner.owner_email, replyTo: visitor.email, ...mail };
}
