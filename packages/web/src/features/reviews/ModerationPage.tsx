import { REVIEW_STATUSES, spamReasonSentence, type ModerationAction, type ReviewStatus } from '@waymark/protocol/plain';
import type { ModerationReview } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import { ReviewQueue } from '../../shared/ReviewQueue.js';
import { ReviewAuthor } from './ReviewAuthor.js';
import './reviews.css';

const STATUS_NAMES: Record<ReviewStatus, string> = { held: 'Held', published: 'Published', spam: 'Spam' };

/** The decisions offered for a review with each status: never the one it already has. */
const ACTIONS: Record<ReviewStatus, { action: ModerationAction; label: string }[]> = {
  held: [
    { action: 'publish', label: 'Publish' },
    { action: 'spam', label: 'Mark as spam' },
  ],
  published: [
    { action: 'hold', label: 'Hold' },
    { action: 'spam', label: 'Mark as spam' },
  ],
  spam: [
    { action: 'publish', label: 'Not spam: publish' },
    { action: 'hold', label: 'Not spam: hold' },
  ],
};

/**
 * The administrators' moderation screen: reviews and comments by status, each with its author
 * (and the real-person badge), what it is about, the spam shield's reasons, and the decisions.
 * Every decision is a small classic form, so it works without a script too.
 */
export function ModerationPage() {
  const data = usePageData('moderation');
  if (!data) return null;
  const order: ReviewStatus[] = ['held', ...REVIEW_STATUSES.filter((s) => s !== 'held')];
  return (
    <ReviewQueue
      title="Reviews and comments"
      block="moderation"
      statuses={{ label: 'Review status', path: '/admin/reviews', order, names: STATUS_NAMES }}
      page={data}
      entries={data.reviews}
      renderEntry={(review, headingId) => (
        <ModeratedReview review={review} status={data.status} headingId={headingId} />
      )}
    />
  );
}

function ModeratedReview({
  review,
  status,
  headingId,
}: {
  review: ModerationReview;
  status: ReviewStatus;
  headingId: string;
}) {
  const { formNonce } = usePageContext();
  const decide = (action: ModerationAction, label: string) => (
    <form method="post" action={`/admin/reviews/${review.id}`} key={action}>
      <input type="hidden" name="_wpnonce" value={formNonce} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={action === 'delete' ? 'moderation__delete' : undefined}>
        {label}
      </button>
    </form>
  );
  return (
    <article className="moderation__review" aria-labelledby={headingId}>
      <header className="review__header">
        <ReviewAuthor id={headingId} review={review} learnMore />
        {review.email && <span className="moderation__email">{review.email}</span>}
        <time dateTime={review.at}>{review.at.replace('T', ' ').slice(0, 16)} UTC</time>
      </header>
      <p className="moderation__about">
        On <a href={review.aboutUrl}>{review.about}</a> · score {review.score}
      </p>
      {review.reasons.length > 0 && (
        <ul className="moderation__reasons" aria-label="Why the spam shield doubted it">
          {review.reasons.map((reason) => (
            <li key={reason}>{spamReasonSentence(reason)}</li>
          ))}
        </ul>
      )}
      {/* HTML the server made from the author's text: escaped. */}
      <div className="review__body" dangerouslySetInnerHTML={{ __html: review.bodyHtml }} />
      <div className="moderation__actions">
        {ACTIONS[status].map(({ action, label }) => decide(action, label))}
        {decide('delete', 'Delete')}
      </div>
    </article>
  );
}
