import { CART_FIELDS, cartQuantityField, SHOP_PATHS, SHOP_PRODUCT } from '@waymark/protocol';
import { useEffect, useRef } from 'react';
import { usePageContext, usePageData } from '../../shared/page-context.js';
import { CountryStateFields } from './CountryStateFields.js';
import { FeatureOffer } from './FeatureOffer.js';
import { LinesTable } from './LinesTable.js';
import { QuantityStepper } from './QuantityStepper.js';
import './shop.css';

const UPDATE_FORM = 'shop-cart-update';

/**
 * The cart: each line with its quantity stepper and a remove button, the offer to make a paid
 * listing featured, the shipping calculator's country and state, and the way to the checkout.
 * Every change is a classic post the server answers with the cart again.
 */
export function CartPage() {
  const data = usePageData('cart');
  const { formNonce } = usePageContext();
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  if (!data) return null;
  const { errors } = data;
  const nonce = <input type="hidden" name="_wpnonce" value={formNonce} />;
  const action = (value: string) => <input type="hidden" name={CART_FIELDS.action} value={value} />;

  return (
    <section className="shop" aria-labelledby="shop-heading">
      <h1 id="shop-heading">Cart</h1>
      <div role="status" className="shop__status">
        {data.notice && (
          <p className="form-sent" ref={notice} tabIndex={-1}>
            {data.notice}
          </p>
        )}
      </div>
      {(errors.form || errors[CART_FIELDS.listing] || errors[CART_FIELDS.product]) && (
        <p className="form-error" role="alert">
          {errors.form ?? errors[CART_FIELDS.listing] ?? errors[CART_FIELDS.product]}
        </p>
      )}
      {data.lines.length === 0 ? (
        <p>
          Your cart is empty. <a href="/add-business">Add your business</a> to buy a paid or featured listing.
        </p>
      ) : (
        <>
          <form method="post" action={SHOP_PATHS.cart} id={UPDATE_FORM}>
            {nonce}
            {action('update')}
          </form>
          <LinesTable
            caption="Your cart"
            lines={data.lines}
            total={data.total}
            quantity={(line) => {
              const name = cartQuantityField(line.id);
              return (
                <>
                  <QuantityStepper
                    id={`shop-qty-${line.id}`}
                    name={name}
                    label={`Quantity of ${line.title}`}
                    defaultValue={line.quantity}
                    min={line.min}
                    max={line.max}
                    step="1"
                    form={UPDATE_FORM}
                    invalid={Boolean(errors[name])}
                    describedBy={errors[name] ? `shop-qty-${line.id}-error` : undefined}
                  />
                  {errors[name] && (
                    <span className="form-error" id={`shop-qty-${line.id}-error`}>
                      {errors[name]}
                    </span>
                  )}
                </>
              );
            }}
            remove={(line) => (
              <form method="post" action={SHOP_PATHS.cart}>
                {nonce}
                {action('remove')}
                <input type="hidden" name={CART_FIELDS.line} value={line.id} />
                <button type="submit" className="shop-remove" aria-label={`Remove ${line.title} from the cart`}>
                  Remove
                </button>
              </form>
            )}
          />
          <div className="shop__actions">
            <button type="submit" form={UPDATE_FORM}>
              Update cart
            </button>
            <a className="shop-button" href={SHOP_PATHS.checkout}>
              Proceed to checkout
            </a>
          </div>
          {data.lines
            .filter((line) => line.product === SHOP_PRODUCT.paidListing)
            .map((line) => (
              <FeatureOffer key={line.id} line={line} prices={data.prices} />
            ))}
          <section className="shop-calc" aria-labelledby="shop-calc-title">
            <h2 id="shop-calc-title">Calculate shipping</h2>
            <form method="post" action={SHOP_PATHS.cart} className="shop-form">
              {nonce}
              {action('calculate')}
              <CountryStateFields
                idPrefix="calc"
                section="shipping"
                countryField={CART_FIELDS.calcCountry}
                stateField={CART_FIELDS.calcState}
                countries={data.countries}
                initial={data.calc}
                errors={errors}
              />
              <button type="submit">Update shipping</button>
            </form>
            {data.shippingNote && <p className="shop-calc__note">{data.shippingNote}</p>}
          </section>
        </>
      )}
    </section>
  );
}
