/** What search engines read: robots.txt, the sitemaps, and each page's canonical address and structured data. */
export { seoRoutes, ITEMS_PER_SITEMAP } from './routes.js';
export { pageHead } from './page-head.js';
