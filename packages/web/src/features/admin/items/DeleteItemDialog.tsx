import { useId, useRef } from 'react';

/**
 * Deleting an item, confirmed first: the WAI-ARIA APG alert dialog. It opens modal with the
 * focus on Cancel (the safe choice), Escape or Cancel closes it, and the focus returns to the
 * button that opened it.
 */
export function DeleteItemDialog({ itemId, title, nonce }: { itemId: number; title: string; nonce: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="admin-item__danger"
        aria-haspopup="dialog"
        onClick={() => {
          dialog.current?.showModal();
          cancel.current?.focus();
        }}
      >
        Delete this item
      </button>
      <dialog
        ref={dialog}
        className="admin-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onClose={() => opener.current?.focus()}
      >
        <h2 id={`${id}-title`}>Delete this item?</h2>
        <p id={`${id}-text`}>
          “{title}” goes from the directory with its votes, bookmarks and reviews. This cannot be undone.
        </p>
        <form method="post" action={`/admin/items/${itemId}/delete`} className="admin-dialog__buttons">
          <input type="hidden" name="_wpnonce" value={nonce} />
          <button ref={cancel} type="button" className="admin-dialog__cancel" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="admin-item__danger">
            Delete
          </button>
        </form>
      </dialog>
    </>
  );
}
