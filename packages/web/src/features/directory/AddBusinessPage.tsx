import { useState, type FormEvent } from 'react';
import { usePageData } from '../../app/page-context.js';
import './directory.css';

/**
 * "Add your business": the paid-listing form. Its two behaviours of the specification are the
 * recurring-payment checkbox, which swaps the one-time payment button for the recurring one,
 * and the default tags' "Other" checkbox, which enables its own input and makes it required.
 * No payment is taken here.
 */
export function AddBusinessPage() {
  const data = usePageData('add-business');
  const [recurring, setRecurring] = useState(false);
  const [other, setOther] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!data) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    setSent(
      recurring
        ? `Your listing is ready for a subscription of ${data.prices.monthly}. Payments are not set up on this site yet.`
        : `Your listing is ready for a payment of ${data.prices.once}. Payments are not set up on this site yet.`,
    );
  };

  return (
    <section className="add-business" aria-labelledby="add-business-title">
      <h1 id="add-business-title">Add your business</h1>
      <p>A paid listing shows your business as featured in its list.</p>
      <form className="add-business__form" method="post" onSubmit={submit}>
        <label htmlFor="ab-title">Business name</label>
        <input id="ab-title" name="title" required maxLength={300} />

        <label htmlFor="ab-url">Website</label>
        <input id="ab-url" name="url" type="url" placeholder="https://" />

        <label htmlFor="ab-email">Owner e-mail address</label>
        <input id="ab-email" name="email" type="email" required autoComplete="email" />

        <label htmlFor="ab-category">Category</label>
        <select id="ab-category" name="category" required defaultValue="">
          <option value="" disabled>
            Choose a category
          </option>
          {data.categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>

        <fieldset className="add-business__tags">
          <legend>Tags</legend>
          {data.tags.map((tag) => (
            <label key={tag} className="add-business__check">
              <input type="checkbox" name="tags" value={tag} /> {tag}
            </label>
          ))}
          <label className="add-business__check">
            <input
              type="checkbox"
              name="tags"
              value="other"
              checked={other}
              onChange={(e) => setOther(e.target.checked)}
            />{' '}
            Other
          </label>
          <label htmlFor="ab-other-tags">Other tags (separate with commas)</label>
          <input id="ab-other-tags" name="other_tags" disabled={!other} required={other} maxLength={300} />
        </fieldset>

        <fieldset className="add-business__payment">
          <legend>Payment</legend>
          <label className="add-business__check">
            <input
              type="checkbox"
              name="recurring"
              checked={recurring}
              onChange={(e) => setRecurring(e.target.checked)}
            />{' '}
            Pay monthly (recurring)
          </label>
          {recurring ? (
            <button type="submit" name="payment" value="recurring" className="add-business__pay">
              Subscribe for {data.prices.monthly}
            </button>
          ) : (
            <button type="submit" name="payment" value="once" className="add-business__pay">
              Pay {data.prices.once}
            </button>
          )}
        </fieldset>
        <div role="status" className="add-business__status">
          {sent && <p>{sent}</p>}
        </div>
      </form>
    </section>
  );
}
