import { usePageData } from '../../../shared/page-context.js';
import '../back-office/back-office.css';

/** On an item's page: the way in for its owner, to claim it (or, once approved, to edit it). */
export function ClaimLink() {
  const data = usePageData('item');
  if (!data) return null;
  return (
    <p className="bo-claim-link">
      Is this your business?{' '}
      <a className="bo-claim-link__button" href={`/items/${data.item.id}/claim`}>
        Claim this business
      </a>
    </p>
  );
}
