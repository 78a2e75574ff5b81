export { NotFoundPage as default } from '../NotFoundPage.js';
