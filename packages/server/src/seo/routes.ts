import { SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../content/sanitize.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { itemCount, itemPage } from './store.js';

/** Well under the sitemap protocol's 50,000 addresses and 50 MB a file. */
export const ITEMS_PER_SITEMAP = 40_000;

/** The public pages that are not items. */
const PAGES = ['/', '/categories', '/gallery', '/add-business', '/suggest', SPAM_SHIELD_ABOUT_PATH];

/** Where crawlers must not go: sign-in, the back office and the calls. */
const DISALLOWED = ['/admin', '/login', '/logout', '/wp-admin/', '/wp-json/'];

const xml = (reply: FastifyReply, body: string) =>
  reply
    .header('cache-control', 'public, max-age=3600')
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);

const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** `robots.txt` and the sitemaps: an index, the pages, and the items in files of 40,000. */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOrigin(request);
    const files = Math.ceil((await itemCount(app.storage)) / ITEMS_PER_SITEMAP);
    const names = ['sitemap-pages.xml', ...Array.from({ length: files }, (_, i) => `sitemap-items-${i + 1}.xml`)];
    const entries = names.map((name) => `<sitemap><loc>${escapeHtml(`${origin}/${name}`)}</loc></sitemap>`);
    return xml(reply, `<sitemapindex ${SITEMAP_NS}>\n${entries.join('\n')}\n</sitemapindex>\n`);
  });

  app.get('/sitemap-pages.xml', async (request, reply) => {
    const origin = siteOrigin(request);
    const entries = PAGES.map((path) => `<url><loc>${escapeHtml(origin + path)}</loc></url>`);
    return xml(reply, `<urlset ${SITEMAP_NS}>\n${entries.join('\n')}\n</urlset>\n`);
  });

  app.get<{ Params: { n: string } }>('/sitemap-items-:n.xml', async (request, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const rows = n > 0 ? await itemPage(app.storage, (n - 1) * ITEMS_PER_SITEMAP, ITEMS_PER_SITEMAP) : [];
    if (rows.length === 0) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const origin = siteOrigin(request);
    const entries = rows.map(
      (row) =>
        `<url><loc>${escapeHtml(`${origin}/items/${row.id}`)}</loc><lastmod>${escapeHtml(row.updated_at.slice(0, 10))}</lastmod></url>`,
    );
    return xml(reply, `<urlset ${SITEMAP_NS}>\n${entries.join('\n')}\n</urlset>\n`);
  });
}
