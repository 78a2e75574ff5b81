export { ListingsPage as default } from '../../features/listings/ListingsPage.js';
