import { RealPersonBadge } from '@waymark/shield/react/badge';
import type { ReviewView } from '@waymark/protocol';
import { usePageContext } from '../../shared/page-context.js';

/** An author's name, with the real-person badge when the spam shield judged them a person. */
export function ReviewAuthor({
  id,
  review,
  learnMore = false,
}: {
  id?: string;
  review: Pick<ReviewView, 'author' | 'realPerson'>;
  /** Admin screens link the badge's popup to the page that explains it. */
  learnMore?: boolean;
}) {
  const { theRealPerson } = usePageContext().shield;
  return (
    <span className="review__author">
      <span id={id}>{review.author}</span>
      {review.realPerson && theRealPerson && <RealPersonBadge config={theRealPerson} learnMore={learnMore} />}
    </span>
  );
}
