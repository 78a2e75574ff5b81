import { ClaimLink } from '../../features/admin/index.js';
import { ItemPage } from '../../features/directory/index.js';
import { ItemReviews } from '../../features/reviews/index.js';

export default function ItemRoute() {
  return (
    <>
      <ItemPage />
      <ClaimLink />
      <ItemReviews />
    </>
  );
}
