import { usePageData } from '../../shared/page-context.js';
import { ReviewThread } from './ReviewThread.js';

/** The reviews of the item whose page this is, placed by the app under the item. */
export function ItemReviews() {
  const data = usePageData('item');
  return data ? <ReviewThread thread={data.reviews} /> : null;
}
