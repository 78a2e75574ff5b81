import { CALLS, CHECKOUT_FIELDS, placeOrder, SHOP_PATHS } from '@waymark/protocol';
import { useState } from 'react';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { useProtectedForm } from '../../shared/use-protected-form.js';
import { AddressFields } from './AddressFields.js';
import { LinesTable } from './LinesTable.js';
import './shop.css';

const FAILED = 'The order could not be placed. Please try again in a moment.';

/**
 * The checkout: billing and (when it differs) shipping addresses, contact and payment, then a
 * review step. Placing the order is the shield-protected request: a blocked one opens the
 * shield's block modal and leaves the page as it was.
 */
export function CheckoutPage() {
  const data = usePageData('checkout');
  const { formNonce } = usePageContext();
  const [shipElsewhere, setShipElsewhere] = useState(
    ['1', 'on'].includes(data?.values[CHECKOUT_FIELDS.shipToDifferent] ?? ''),
  );
  const sending = useProtectedForm({
    call: CALLS.placeOrder,
    answer: placeOrder.response,
    failed: FAILED,
    sent: null,
    errors: data?.errors ?? {},
    onSent: (answer) => window.location.assign(answer.redirect),
  });
  if (!data) return null;
  const errors = data.step === 'review' ? sending.errors : data.errors;
  const { values } = data;
  const carried = Object.entries(values).filter(([name]) => name !== CHECKOUT_FIELDS.step);

  return (
    <section className="shop" aria-labelledby="shop-heading">
      <h1 id="shop-heading">{data.step === 'review' ? 'Review your order' : 'Checkout'}</h1>
      {data.step === 'form' && errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <LinesTable caption="Your order" lines={data.lines} total={data.total} />
      {data.step === 'form' ? (
        <form method="post" action={SHOP_PATHS.checkout} className="shop-form shop-checkout" noValidate>
          <input type="hidden" name="_wpnonce" value={formNonce} />
          <input type="hidden" name={CHECKOUT_FIELDS.step} value="review" />
          <fieldset>
            <legend>Billing details</legend>
            <AddressFields
              kind="billing"
              values={values}
              errors={errors}
              countries={data.countries}
              state={data.states.billing}
            />
            {(
              [
                [CHECKOUT_FIELDS.email, 'E-mail address', 'email', 'billing email'],
                [CHECKOUT_FIELDS.phone, 'Phone (optional)', 'tel', 'billing tel'],
              ] as const
            ).map(([name, label, type, autoComplete]) => (
              <div className="shop-field" key={name}>
                <label htmlFor={`checkout-${name}`}>{label}</label>
                <input
                  id={`checkout-${name}`}
                  name={name}
                  type={type}
                  required={type === 'email'}
                  autoComplete={autoComplete}
                  defaultValue={values[name] ?? ''}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `checkout-${name}-error` : undefined}
                />
                {errors[name] && (
                  <span className="form-error" id={`checkout-${name}-error`}>
                    {errors[name]}
                  </span>
                )}
              </div>
            ))}
          </fieldset>
          <label className="shop-check">
            <input
              type="checkbox"
              name={CHECKOUT_FIELDS.shipToDifferent}
              value="1"
              checked={shipElsewhere}
              onChange={(e) => setShipElsewhere(e.target.checked)}
            />{' '}
            Ship to a different address?
          </label>
          {shipElsewhere && (
            <fieldset>
              <legend>Shipping address</legend>
              <AddressFields
                kind="shipping"
                values={values}
                errors={errors}
                countries={data.countries}
                state={data.states.shipping}
              />
            </fieldset>
          )}
          <fieldset aria-describedby={errors[CHECKOUT_FIELDS.paymentMethod] ? 'checkout-payment-error' : undefined}>
            <legend>Payment</legend>
            {data.payments.map((p) => (
              <label className="shop-check shop-payment" key={p.id}>
                <input
                  type="radio"
                  name={CHECKOUT_FIELDS.paymentMethod}
                  value={p.id}
                  defaultChecked={values[CHECKOUT_FIELDS.paymentMethod] === p.id}
                />{' '}
                <span>
                  <strong>{p.label}</strong> <span className="shop-payment__text">{p.description}</span>
                </span>
              </label>
            ))}
            {errors[CHECKOUT_FIELDS.paymentMethod] && (
              <span className="form-error" id="checkout-payment-error">
                {errors[CHECKOUT_FIELDS.paymentMethod]}
              </span>
            )}
          </fieldset>
          <button type="submit">Review order</button>
        </form>
      ) : (
        <>
          <dl className="shop-summary">
            <dt>Billing address</dt>
            <dd>{data.summary?.billing}</dd>
            <dt>Shipping address</dt>
            <dd>{data.summary?.shipping}</dd>
            <dt>E-mail address</dt>
            <dd>{values[CHECKOUT_FIELDS.email]}</dd>
            <dt>Payment</dt>
            <dd>{data.summary?.payment}</dd>
          </dl>
          {Object.keys(errors).some((k) => k !== 'form') && (
            <p className="form-error" role="alert">
              Some details need a change: {Object.values(errors).join('; ')}.
            </p>
          )}
          <form method="post" action={SHOP_PATHS.checkout} className="shop-edit">
            <input type="hidden" name="_wpnonce" value={formNonce} />
            {carried.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name={CHECKOUT_FIELDS.step} value="edit" />
            <button type="submit" className="shop-button--quiet">
              Change details
            </button>
          </form>
          <ProtectedForm
            action={SHOP_PATHS.checkout}
            className="shop-place"
            labelledBy="shop-heading"
            submitLabel="Place order"
            sending={sending}
          >
            {carried.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name={CHECKOUT_FIELDS.step} value="place" />
          </ProtectedForm>
        </>
      )}
    </section>
  );
}
