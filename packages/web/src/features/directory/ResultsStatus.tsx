import { useMemo, useSyncExternalStore } from 'react';
import { useDirectory } from './directory-context.js';

/** How many items the filters let through, said politely to screen readers; the no-results text. */
export function ResultsStatus() {
  const { filters, model, settings } = useDirectory();
  const count = useSyncExternalStore(filters.subscribe, filters.visibleCount, filters.visibleCount);
  const { tab } = filters.filter();
  const total = useMemo(
    () => (tab === null ? model.items.length : model.itemCategory.filter((category) => category === tab).length),
    [model, tab],
  );
  return (
    <div className="dir-status" role="status">
      {count === 0 ? (
        <p className="dir-status__none">{settings.noResultsText}</p>
      ) : (
        <p>
          Showing {count.toLocaleString('en')} of {total.toLocaleString('en')} places
        </p>
      )}
    </div>
  );
}
