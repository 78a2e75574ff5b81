import { CART_FIELDS, SHOP_PRODUCT } from '@waymark/protocol';
import { useEffect, useRef, useState } from 'react';
import { AddressCombobox } from '../../shared/AddressCombobox.js';
import { usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import './directory.css';

/** The default tags' "Other" checkbox: its value among the chosen tags. */
const OTHER_TAG = 'other';

/**
 * "Add your business": the paid-listing form. Its two behaviours of the specification are the
 * recurring-payment checkbox, which swaps the one-time payment button for the recurring one,
 * and the default tags' "Other" checkbox, which enables its own input and makes it required.
 * Until the site takes payments, the listing is kept for an administrator to approve: the form
 * is a classic post the spam shield protects, like every other form of the site.
 */
export function AddBusinessPage() {
  const data = usePageData('add-business');
  const [recurring, setRecurring] = useState(data?.values.recurring ?? false);
  const [featured, setFeatured] = useState(true);
  const [other, setOther] = useState(data?.values.tags.includes(OTHER_TAG) ?? false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The page a listing lands on: the confirmation is the first thing read.
    confirmation.current?.focus();
  }, []);
  if (!data) return null;
  const { values, errors } = data;

  const field = (name: string) => ({
    id: `ab-${name.replace('_', '-')}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `ab-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] && (
      <span className="form-error" id={`ab-${name}-error`}>
        {errors[name]}
      </span>
    );

  return (
    <section className="add-business" aria-labelledby="ab-heading">
      <h1 id="ab-heading">Add your business</h1>
      <div role="status" className="add-business__status">
        {data.sent && (
          <p className="form-sent" ref={confirmation} tabIndex={-1}>
            {data.sent}
          </p>
        )}
      </div>
      {data.sent ? (
        <p>
          <a href="/">Back to the directory</a> · <a href="/add-business">Add another business</a>
        </p>
      ) : (
        <>
          <p>
            Choose a paid listing, or a featured one that is also shown among the featured places. The listing goes into
            your cart; once it is paid, it appears in the directory.
          </p>
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <ProtectedForm
            action="/add-business"
            className="add-business__form"
            labelledBy="ab-heading"
            submitLabel={
              !featured
                ? `Pay ${data.prices.listing ?? ''}`.trim()
                : recurring
                  ? `Subscribe for ${data.prices.monthly}`
                  : `Pay ${data.prices.once}`
            }
          >
            <label htmlFor="ab-title">Business name</label>
            <input {...field('title')} name="title" required maxLength={300} defaultValue={values.title} />
            {error('title')}

            <label htmlFor="ab-subtitle">Short description</label>
            <input {...field('subtitle')} name="subtitle" maxLength={300} defaultValue={values.subtitle} />

            <label htmlFor="ab-address">Address</label>
            <AddressCombobox
              id="ab-address"
              name="address"
              defaultValue={values.address}
              lookupOnFocusAndBlur
              inputProps={{ ...field('address'), maxLength: 500 }}
            />

            <label htmlFor="ab-url">Website</label>
            <input {...field('url')} name="url" type="url" placeholder="https://" defaultValue={values.url} />
            {error('url')}

            <label htmlFor="ab-email">Owner e-mail address</label>
            <input
              {...field('email')}
              name="email"
              type="email"
              required
              autoComplete="email"
              defaultValue={values.email}
            />
            {error('email')}

            <label htmlFor="ab-category">Category</label>
            <select {...field('category')} name="category" required defaultValue={values.category}>
              <option value="" disabled>
                Choose a category
              </option>
              {data.categories.map((c) => (
                <option key={c.id} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('category')}

            <fieldset className="add-business__tags">
              <legend>Tags</legend>
              {data.tags.map((tag) => (
                <label key={tag} className="add-business__check">
                  <input type="checkbox" name="tags" value={tag} defaultChecked={values.tags.includes(tag)} /> {tag}
                </label>
              ))}
              <label className="add-business__check">
                <input
                  type="checkbox"
                  name="tags"
                  value={OTHER_TAG}
                  checked={other}
                  onChange={(e) => setOther(e.target.checked)}
                />{' '}
                Other
              </label>
              <label htmlFor="ab-other-tags">Other tags (separate with commas)</label>
              <input
                {...field('other_tags')}
                name="other_tags"
                disabled={!other}
                required={other}
                maxLength={300}
                defaultValue={values.otherTags}
              />
              {error('other_tags')}
            </fieldset>

            <fieldset className="add-business__payment">
              <legend>Payment</legend>
              {data.prices.listing && (
                <>
                  <label className="add-business__check">
                    <input
                      type="radio"
                      name={CART_FIELDS.product}
                      value={SHOP_PRODUCT.paidListing}
                      checked={!featured}
                      onChange={() => setFeatured(false)}
                    />{' '}
                    Paid listing ({data.prices.listing})
                  </label>
                  <label className="add-business__check">
                    <input
                      type="radio"
                      name={CART_FIELDS.product}
                      value={SHOP_PRODUCT.featuredOnce}
                      checked={featured}
                      onChange={() => setFeatured(true)}
                    />{' '}
                    Featured listing ({recurring ? data.prices.monthly : data.prices.once})
                  </label>
                </>
              )}
              <label className="add-business__check">
                <input
                  type="checkbox"
                  name="recurring"
                  checked={recurring}
                  disabled={!featured}
                  onChange={(e) => setRecurring(e.target.checked)}
                />{' '}
                Pay monthly (recurring)
              </label>
            </fieldset>
          </ProtectedForm>
        </>
      )}
    </section>
  );
}
