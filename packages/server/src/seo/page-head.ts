import type { PageData } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import type { DocumentHead } from '../plugins/page-document.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { localBusiness } from './local-business.js';

/** Pages search engines should not keep: people's own screens and the forms behind sign-in. */
const PRIVATE_PAGES = new Set<PageData['page']>(['login', 'moderation', 'spam-log', 'blocked', 'not-found']);

/**
 * What a page's head tells search engines and link previews: its one canonical address (no query,
 * on the site's own origin), Open Graph, a description where the page has one, and for an item
 * its LocalBusiness data. Error answers and private pages are not to be indexed.
 */
export function pageHead(request: FastifyRequest, data: PageData, status: number, title: string): DocumentHead {
  const canonical = `${siteOrigin(request)}${request.url.split(/[?#]/)[0] ?? '/'}`;
  const head: DocumentHead = {
    canonical,
    openGraph: {
      'og:type': 'website',
      'og:title': title,
      'og:url': canonical,
      'og:site_name': request.server.config.siteName,
    },
    noindex: status >= 400 || PRIVATE_PAGES.has(data.page) || canonical.includes('/admin/'),
  };
  if (data.page === 'item') {
    const { item } = data;
    if (item.subtitle) head.description = item.subtitle;
    if (item.image) head.openGraph['og:image'] = new URL(item.image, canonical).href;
    head.openGraph['og:type'] = 'business.business';
    head.jsonLd = localBusiness(item, data.reviews, canonical);
  }
  if (head.description) head.openGraph['og:description'] = head.description;
  return head;
}
