import type { DirectoryItem } from '@waymark/protocol';

/** An item's contact control: opens the e-mail popup form for the item's owner. */
export function ContactOwnerButton({ item, onOpen }: { item: DirectoryItem; onOpen: (item: DirectoryItem) => void }) {
  return (
    <button
      type="button"
      className="contact-owner__open"
      aria-haspopup="dialog"
      aria-label={`E-mail the owner of ${item.title}`}
      onClick={() => onOpen(item)}
    >
      E-mail
    </button>
  );
}
