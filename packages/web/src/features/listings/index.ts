/** The administrators' queue of Add your business listings. */
export { ListingsPage } from './ListingsPage.js';
