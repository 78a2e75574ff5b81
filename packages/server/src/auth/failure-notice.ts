import { renderMail, type MailMessage } from '../mail/index.js';
import { OWNER_NOTICE_FAILURES } from './backoff.js';

/** The owner's notice that someone keeps failing to sign in to their account. */
export function failureNotice(to: string, siteName: string, origin: string): MailMessage {
  const mail = renderMail(
    {
      subject: `Failed sign-ins to your ${siteName} account`,
      paragraphs: [
        `Someone has tried to sign in to your ${siteName} account with a wrong password ${OWNER_NOTICE_FAILURES} times in the last hour.`,
        'If it was you, nothing needs doing. If not, your account is still yours: sign-ins from where those tries came from are slowed down, and yours are not.',
        `To be safe, choose a new password at ${origin}/account/forgot.`,
      ],
      footer: `You get this message because this address belongs to an account on ${siteName}.`,
    },
    siteName,
  );
  return { kind: 'sign-in-failures', to, ...mail };
}
