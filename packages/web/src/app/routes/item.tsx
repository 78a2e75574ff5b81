import { ClaimLink } from '../../features/admin/claims/ClaimLink.js';
import { ItemPage } from '../../features/directory/ItemPage.js';
import { ItemReviews } from '../../features/reviews/ItemReviews.js';

export default function ItemRoute() {
  return (
    <>
      <ItemPage />
      <ClaimLink />
      <ItemReviews />
    </>
  );
}
