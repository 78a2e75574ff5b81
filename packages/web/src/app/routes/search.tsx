export { SearchPage as default } from '../../features/site-search/SearchPage.js';
