import { useId } from 'react';
import { DoneNote } from '../../../shared/DoneNote.js';
import { usePageData } from '../../../shared/page-context.js';
import { ProtectedForm } from '../../../shared/ProtectedForm.js';
import '../back-office/back-office.css';

const STATE: Record<string, string> = {
  pending: 'Your claim of this business is waiting for an administrator.',
  approved: 'Your claim was approved: you can edit this business.',
  rejected: 'Your earlier claim was not approved. You may send a new one with more detail.',
};

/** A signed-in business owner claims an item: a message, through the spam shield like every form. */
export function ClaimItemPage() {
  const data = usePageData('claim-item');
  const id = useId();
  if (!data) return null;
  const { item, errors } = data;
  const error = errors.message;
  return (
    <section className="panel bo-page bo-claim" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Claim “{item.title}”</h1>
      <p>
        <a href={`/items/${item.id}`}>Back to {item.title}</a>
      </p>
      {data.existing && <p>{STATE[data.existing]}</p>}
      {data.existing === 'approved' && (
        <p>
          <a href={`/items/${item.id}/edit`}>Edit this business</a>
        </p>
      )}
      <DoneNote message={data.sent} />
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {!data.sent && data.existing !== 'pending' && data.existing !== 'approved' && (
        <ProtectedForm action={`/items/${item.id}/claim`} className="bo-claim__form" submitLabel="Send the claim">
          <div className="form-field">
            <label htmlFor={`${id}-message`}>How are you connected to this business? (required)</label>
            <span className="form-hint" id={`${id}-hint`}>
              Your role, and how we can check it: a phone number or e-mail address at the business.
            </span>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={5}
              required
              maxLength={2000}
              defaultValue={data.message}
              aria-invalid={error ? true : undefined}
              aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
            />
            {error && (
              <span className="form-error" id={`${id}-error`}>
                {error}
              </span>
            )}
          </div>
        </ProtectedForm>
      )}
    </section>
  );
}
