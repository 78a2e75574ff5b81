/** The shop: the cart, the checkout, an order, and the orders in the back office. */
export { AdminOrdersPage } from './AdminOrdersPage.js';
export { CartPage } from './CartPage.js';
export { CheckoutPage } from './CheckoutPage.js';
export { OrderPage } from './OrderPage.js';
