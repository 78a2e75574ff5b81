/** The site search: the header's live search box and the search page. */
export { SearchPage } from './SearchPage.js';
export { SiteSearch } from './SiteSearch.js';
