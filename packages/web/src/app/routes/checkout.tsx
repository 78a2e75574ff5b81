export { CheckoutPage as default } from '../../features/shop/index.js';
