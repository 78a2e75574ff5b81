import type { ReviewFields } from '@waymark/protocol';
import type { MailContent } from '../mail/index.js';
import { subjectUrl, type Subject } from './subject.js';

/** What administrators are told when a review (or comment) waits for them; `origin` is the site's. */
export function heldReviewNotice(
  origin: string,
  subject: Subject,
  fields: Omit<ReviewFields, 'subject'>,
  reasons: string[],
): MailContent {
  const kind = subject.kind === 'item' ? 'review' : 'comment';
  return {
    subject: `A ${kind} waits for moderation`,
    paragraphs: [
      `${fields.author} <${fields.email}> wrote a ${kind} on ${origin}${subjectUrl(subject)}. The spam shield was not sure of it, so it is held until an administrator publishes it or marks it as spam.`,
      `The shield's reasons: ${reasons.join(', ') || 'none'}.`,
    ],
    quote: fields.body,
    action: { label: 'Moderate reviews', href: `${origin}/admin/reviews?status=held` },
    footer: 'You get this message because you are an administrator of this site.',
  };
}
