export { SearchPage as default } from '../../features/site-search/index.js';
