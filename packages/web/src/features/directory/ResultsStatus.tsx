import { useMemo, useSyncExternalStore } from 'react';
import { useDirectory } from './directory-context.js';
import { VoteAnnouncer } from './UpvoteButton.js';

/**
 * How many items the filters let through, said politely to screen readers; the no-results text;
 * and, in a region of its own, why a vote did not count.
 */
export function ResultsStatus() {
  const { filters, model, settings } = useDirectory();
  const count = useSyncExternalStore(filters.subscribe, filters.visibleCount, filters.visibleCount);
  const { tab } = filters.filter();
  const total = useMemo(
    () => (tab === null ? model.items.length : model.itemCategory.filter((category) => category === tab).length),
    [model, tab],
  );
  return (
    <>
      {settings.upvotes && <VoteAnnouncer />}
      <div className="dir-status" role="status">
        {count === 0 ? (
          <p className="dir-status__none">{settings.noResultsText}</p>
        ) : (
          <p>
            Showing {thousands(count)} of {thousands(total)} places
          </p>
        )}
      </div>
    </>
  );
}

/**
 * 12,345: English thousands, without `toLocaleString`, whose first call wakes the browser's
 * number formatting up at a cost of tens of milliseconds on a phone, in the middle of hydration.
 */
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
