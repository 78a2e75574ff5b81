import { useRef } from 'react';
import { useDirectory } from './directory-context.js';
import { ListCard } from './ListCard.js';
import { useMasonry } from './use-masonry.js';

/** Cards whose first picture loads at once: as many as stand side by side on a wide screen. */
const LEAD_CARDS = 3;

/**
 * The masonry of list cards. Every card of the shown tab stays mounted; a list with no visible
 * item hides itself, which is cheaper than unmounting and mounting it on every keystroke.
 */
export function ListHolder({ label, lists }: { label: string; lists: readonly number[] }) {
  const { filters, viewport } = useDirectory();
  const holder = useRef<HTMLDivElement>(null);
  useMasonry(holder, filters, viewport);
  return (
    <div className="dir-lists" ref={holder} role="region" aria-label={label}>
      {lists.map((list, at) => (
        <ListCard key={list} list={list} lead={at < LEAD_CARDS} />
      ))}
    </div>
  );
}
