import { ItemPage } from '../../features/directory/ItemPage.js';
import { ItemReviews } from '../../features/reviews/ItemReviews.js';

export default function ItemRoute() {
  return (
    <>
      <ItemPage />
      <ItemReviews />
    </>
  );
}
