import { useEffect, useId, useRef } from 'react';
import type { DirectoryItem } from '@waymark/protocol';
import { ContactOwnerForm } from './ContactOwnerForm.js';
import './contact-owner.css';

/**
 * The e-mail popup: a modal dialog (the browser's own, so focus stays inside and Esc closes it)
 * with the form to the item's owner. Focus goes back to the control that opened it.
 */
export function ContactOwnerDialog({
  target,
  nonce,
  sentText,
  onClose,
}: {
  target: { item: DirectoryItem; opener: HTMLElement | null } | null;
  /** The directory calls' `security` nonce. */
  nonce: string;
  /** The configured e-mail-sent text. */
  sentText: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const item = target?.item ?? null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !target) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      target.opener?.focus();
    };
  }, [target]);

  return (
    <dialog ref={ref} className="contact-owner" aria-labelledby={titleId} onClose={onClose}>
      {item && (
        <>
          <div className="contact-owner__head">
            <h2 id={titleId}>E-mail the owner of {item.title}</h2>
            <button type="button" className="contact-owner__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <ContactOwnerForm key={item.id} item={item} nonce={nonce} sentText={sentText} />
        </>
      )}
    </dialog>
  );
}
