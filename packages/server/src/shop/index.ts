/** The shop: paid and featured listings, the cart, the checkout, orders and their payment. */
export { shopRoutes } from './routes.js';
export { registerShopCalls } from './calls.js';
export { addNewListingToCart } from './cart.js';
