import { addToCart, CALLS, CART_FIELDS, SHOP_PATHS, SHOP_PRODUCT, type ShopLineView } from '@waymark/protocol';
import { useState } from 'react';
import { ProtectedForm } from '../../shared/ProtectedForm.js';
import { useProtectedForm } from '../../shared/use-protected-form.js';

const FAILED = 'The listing could not be added to your cart. Please try again in a moment.';

/**
 * The offer to make a paid listing featured: the shop's add-item request, with the spam
 * shield's token on it. The recurring-payment checkbox swaps the one-time button for the
 * recurring one, as on "Add your business".
 */
export function FeatureOffer({
  line,
  prices,
}: {
  line: ShopLineView;
  prices: { featuredOnce: string; featuredMonthly: string };
}) {
  const [recurring, setRecurring] = useState(false);
  const sending = useProtectedForm({
    call: CALLS.addToCart,
    answer: addToCart.response,
    failed: FAILED,
    sent: null,
    errors: {},
    // The cart's lines are the server's: show them again.
    onSent: () => window.location.assign(SHOP_PATHS.cart),
  });
  const id = `shop-feature-${line.id}`;
  return (
    <section className="shop-offer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Make “{line.title}” featured</h2>
      <ProtectedForm
        action={SHOP_PATHS.cart}
        className="shop-offer__form"
        labelledBy={`${id}-title`}
        sending={sending}
        submitLabel={
          recurring ? `Feature it monthly for ${prices.featuredMonthly}` : `Feature it for ${prices.featuredOnce}`
        }
      >
        <input type="hidden" name={CART_FIELDS.listing} value={line.listingId} />
        <input
          type="hidden"
          name={CART_FIELDS.product}
          value={recurring ? SHOP_PRODUCT.featuredMonthly : SHOP_PRODUCT.featuredOnce}
        />
        <label className="shop-check">
          <input type="checkbox" checked={recurring} onChange={(e) => setRecurring(e.target.checked)} /> Pay monthly
          (recurring)
        </label>
      </ProtectedForm>
    </section>
  );
}
