export { CartPage as default } from '../../features/shop/CartPage.js';
