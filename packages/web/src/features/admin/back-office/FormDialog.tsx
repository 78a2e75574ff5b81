import { useId, useRef, type ReactNode } from 'react';

/**
 * A button that opens a modal dialog holding a form (the WAI-ARIA APG dialog pattern, on the
 * native modal `<dialog>`: the page behind is inert, Tab stays inside, Escape or Cancel closes
 * it, and the focus goes back to the button). The focus starts on the first field, or on
 * Cancel when the dialog has none.
 */
export function FormDialog({
  opener,
  openerLabel,
  openerClassName,
  title,
  description,
  action,
  nonce,
  submitLabel,
  danger,
  children,
}: {
  /** The button's visible text. */
  opener: string;
  /** Its accessible name when the text alone is not enough ("Rename Cafés"). */
  openerLabel?: string;
  openerClassName?: string;
  title: string;
  description?: ReactNode;
  action: string;
  nonce: string;
  submitLabel: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const open = () => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const first = element.querySelector<HTMLElement>('input:not([type=hidden]):not(:disabled), select, textarea');
    (first ?? cancel.current)?.focus();
  };
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={openerClassName}
        aria-label={openerLabel}
        aria-haspopup="dialog"
        onClick={open}
      >
        {opener}
      </button>
      <dialog
        ref={dialog}
        className="bo-dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-text` : undefined}
        onClose={() => openerRef.current?.focus()}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description && (
          <div id={`${id}-text`} className="bo-dialog__text">
            {description}
          </div>
        )}
        <form method="post" action={action}>
          <input type="hidden" name="_wpnonce" value={nonce} />
          {children}
          <div className="bo-dialog__buttons">
            <button ref={cancel} type="button" className="bo-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className={danger ? 'bo-danger' : 'bo-primary'}>
              {submitLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
