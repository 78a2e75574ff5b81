export { OrderPage as default } from '../../features/shop/index.js';
