import { CALLS, postReview, type ReviewThread as Thread } from '@waymark/protocol';
import { useId, useState } from 'react';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { useProtectedForm } from '../../shared/use-protected-form.js';
import { ReviewAuthor } from './ReviewAuthor.js';
import './reviews.css';

const FAILED = 'It could not be sent. Please try again in a moment.';

const WORDS = {
  review: { heading: 'Reviews', none: 'No reviews yet. Be the first.', write: 'Write a review', send: 'Post review' },
  comment: { heading: 'Comments', none: 'No comments yet.', write: 'Leave a comment', send: 'Post comment' },
} as const;

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The published reviews of an item (or comments on a page) and the form to add one. The form goes
 * through the spam shield's request layer; without a script it posts to `/reviews`.
 */
export function ReviewThread({ thread }: { thread: Thread }) {
  const id = useId();
  const words = WORDS[thread.kind];
  const [reviews, setReviews] = useState(thread.reviews);
  const sending = useProtectedForm({
    call: CALLS.postReview,
    answer: postReview.response,
    failed: FAILED,
    sent: thread.form.sent,
    errors: thread.form.errors,
    onSent: ({ review }) => {
      if (review) setReviews((list) => [...list, review]);
    },
  });
  const { errors } = sending;

  const field = (name: 'author' | 'email' | 'body') => ({
    id: `${id}-${name}`,
    name,
    defaultValue: thread.form.values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [name === 'email' && `${id}-email-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') ||
      undefined,
  });
  const error = (name: string) =>
    errors[name] && (
      <span className="form-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </span>
    );

  return (
    <section className="panel reviews" id="reviews" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {words.heading} <span className="reviews__count">({reviews.length})</span>
      </h2>
      {reviews.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ol className="reviews__list">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="review" aria-labelledby={`${id}-r${review.id}`}>
                <header className="review__header">
                  <ReviewAuthor id={`${id}-r${review.id}`} review={review} />
                  <time dateTime={review.at}>{dateFormat.format(new Date(review.at))}</time>
                </header>
                {/* HTML the server made from the author's text: escaped, contacts encoded. */}
                <div className="review__body" dangerouslySetInnerHTML={{ __html: review.bodyHtml }} />
              </article>
            </li>
          ))}
        </ol>
      )}

      <h3 id={`${id}-write`}>{words.write}</h3>
      <ProtectedForm
        action="/reviews"
        // The usual comment-form class and e-mail id: the original page script's checks bind to them.
        className="reviews__form comment-form"
        labelledBy={`${id}-write`}
        submitLabel={words.send}
        sending={sending}
      >
        <input type="hidden" name="subject" value={thread.subject} />
        <div className="form-field">
          <label htmlFor={`${id}-author`}>Your name (required)</label>
          <input type="text" required maxLength={100} autoComplete="name" {...field('author')} />
          {error('author')}
        </div>
        <div className="form-field">
          <label htmlFor="email">Your e-mail</label>
          <span className="form-hint" id={`${id}-email-hint`}>
            Optional. Never shown; only the administrators see it.
          </span>
          <input type="email" maxLength={320} autoComplete="email" {...field('email')} id="email" />
          {error('email')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-body`}>{thread.kind === 'review' ? 'Your review' : 'Your comment'} (required)</label>
          <textarea rows={5} required maxLength={5000} {...field('body')} />
          {error('body')}
        </div>
        {error('subject')}
      </ProtectedForm>
    </section>
  );
}
