export { CheckoutPage as default } from '../../features/shop/CheckoutPage.js';
