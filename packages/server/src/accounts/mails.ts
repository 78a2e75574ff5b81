import { renderMail, type MailMessage } from '../mail/index.js';

/** The messages the accounts feature sends, from the site's one template. */

export function verificationMail(to: { name: string; email: string }, link: string, siteName: string): MailMessage {
  return {
    kind: 'verify-email',
    to: to.email,
    ...renderMail(
      {
        subject: `Confirm your e-mail address for ${siteName}`,
        paragraphs: [
          `Hello ${to.name},`,
          `You made an account on ${siteName}. Please confirm that this address is yours. The link works for seven days.`,
        ],
        action: { label: 'Confirm my e-mail address', href: link },
        footer: `If you did not make an account on ${siteName}, ignore this message: nothing happens without the link.`,
      },
      siteName,
    ),
  };
}

/** Sent instead of a second confirmation when someone registers an address that has an account. */
export function alreadyRegisteredMail(to: { name: string; email: string }, forgotLink: string, siteName: string) {
  return {
    kind: 'already-registered',
    to: to.email,
    ...renderMail(
      {
        subject: `Your account on ${siteName}`,
        paragraphs: [
          `Hello ${to.name},`,
          `Someone tried to make a new account on ${siteName} with this address, which has an account already. If it was you, sign in; if you forgot your password, choose a new one.`,
        ],
        action: { label: 'Choose a new password', href: forgotLink },
        footer: `If it was not you, ignore this message: your account is unchanged.`,
      },
      siteName,
    ),
  } satisfies MailMessage;
}

export function resetMail(to: { name: string; email: string }, link: string, siteName: string): MailMessage {
  return {
    kind: 'reset-password',
    to: to.email,
    ...renderMail(
      {
        subject: `Choose a new password for ${siteName}`,
        paragraphs: [
          `Hello ${to.name},`,
          `Someone asked to choose a new password for your account on ${siteName}. The link works once, for one hour.`,
        ],
        action: { label: 'Choose a new password', href: link },
        footer: `If it was not you, ignore this message: your password stays as it is.`,
      },
      siteName,
    ),
  };
}
