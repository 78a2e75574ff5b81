export { OrderPage as default } from '../../features/shop/OrderPage.js';
