export { CartPage as default } from '../../features/shop/index.js';
