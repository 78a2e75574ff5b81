import { useId, type ReactNode } from 'react';
import { DoneNote } from './DoneNote.js';
import { StatusNav, type StatusNavProps } from './StatusNav.js';

export interface ReviewQueueProps<S extends string, T extends { id: number }> {
  /** The page's heading. */
  title: string;
  /** The queue's block class: its section, `<block>__statuses` and `<block>__list`. */
  block: string;
  /** More classes of the section, if any. */
  className?: string;
  /** The status links' name, address, order and names, as `StatusNav` takes them. */
  statuses: Pick<StatusNavProps<S>, 'label' | 'path' | 'order' | 'names'>;
  /** The page's data: the count of each status, the status shown, what the last decision did. */
  page: { counts: Record<S, number>; status: S; done: string | null };
  /** The entries with the status shown, in their order. */
  entries: readonly T[];
  /** One entry, its heading carrying `headingId`. */
  renderEntry(entry: T, headingId: string): ReactNode;
}

/**
 * A back office's review queue (reviews, listings, claims): the page's heading, a link per status
 * with its count, the note of the last decision, and the entries with the status shown, each
 * with its own decisions.
 */
export function ReviewQueue<S extends string, T extends { id: number }>({
  title,
  block,
  className,
  statuses,
  page,
  entries,
  renderEntry,
}: ReviewQueueProps<S, T>) {
  const id = useId();
  return (
    <section className={['panel', className, block].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <StatusNav {...statuses} counts={page.counts} current={page.status} className={`${block}__statuses`} />
      <DoneNote message={page.done} />
      {entries.length === 0 ? (
        <p>Nothing here.</p>
      ) : (
        <ol className={`${block}__list`}>
          {entries.map((entry) => (
            <li key={entry.id}>{renderEntry(entry, `${id}-e${entry.id}`)}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
