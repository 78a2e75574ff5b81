import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
let itemId = 0;

beforeAll(async () => {
  t = await createTestApp('sqlite');
  const { db } = t.app.storage;
  const category = await db
    .insertInto('categories')
    .values({ slug: 'cafes', name: 'Cafés', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const list = await db
    .insertInto('lists')
    .values({ category_id: category.id, slug: 'lyon', title: 'Lyon', position: 0, settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const item = {
    list_id: list.id,
    subtitle: 'Coffee by the river',
    description: '',
    content: '',
    address: '3 Quai Saint-Vincent',
    locality: 'Lyon',
    phone: '+33 4 78 00 00 00',
    hours: 'Mo-Fr 08:00-18:00',
    url: 'https://lumiere.example',
    image: '',
    lat: 45.7676,
    lon: 4.8273,
    paid: 0,
    marker: null,
    owner_email: 'owner@lumiere.example',
    created_at: now,
    updated_at: now,
  };
  itemId = (
    await db
      .insertInto('items')
      .values({ ...item, position: 0, title: 'Café Lumière' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('items')
    .values({ ...item, position: 1, title: 'Second', lat: null, lon: null })
    .execute();
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });

function jsonLd(html: string): Record<string, unknown> {
  const found = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  expect(found).not.toBeNull();
  return JSON.parse(found?.[1] ?? '{}') as Record<string, unknown>;
}

describe('robots.txt', () => {
  it('keeps crawlers out of sign-in, the back office and the calls, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /login',
        'Disallow: /logout',
        'Disallow: /wp-admin/',
        'Disallow: /wp-json/',
        '',
        'Sitemap: http://localhost:3000/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('sitemaps', () => {
  it('indexes the pages file and one items file, on the site origin', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['http://localhost:3000/sitemap-pages.xml', 'http://localhost:3000/sitemap-items-1.xml']);
  });

  it('lists every item with its last change, and 404s past the last file', async () => {
    const count = (await t.app.storage.db.selectFrom('items').select('id').execute()).length;
    const res = await get('/sitemap-items-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<url>/g)?.length).toBe(count);
    expect(res.body).toMatch(
      new RegExp(`<loc>http://localhost:3000/items/${itemId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`),
    );
    for (const url of ['/sitemap-items-2.xml', '/sitemap-items-0.xml', '/sitemap-items-x.xml']) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });

  it('lists the public pages, not the private ones', async () => {
    const res = await get('/sitemap-pages.xml');
    expect(res.body).toContain('<loc>http://localhost:3000/</loc>');
    expect(res.body).toContain('<loc>http://localhost:3000/gallery</loc>');
    expect(res.body).not.toContain('/login');
    expect(res.body).not.toContain('/admin');
  });
});

describe('page heads', () => {
  it('gives an item page its canonical address, Open Graph and LocalBusiness data', async () => {
    const res = await get(`/items/${itemId}?utm_source=x`);
    expect(res.statusCode).toBe(200);
    const canonical = `http://localhost:3000/items/${itemId}`;
    expect(res.body).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(res.body).toContain(`<meta property="og:url" content="${canonical}">`);
    expect(res.body).toContain('<meta property="og:type" content="business.business">');
    expect(res.body).not.toContain('name="robots"');
    const data = jsonLd(res.body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      geo: { '@type': 'GeoCoordinates' },
      address: { '@type': 'PostalAddress' },
    });
    expect(typeof data.name).toBe('string');
  });

  it('leaves out a phone the decoder still hides from this visitor', async () => {
    const row = await t.app.storage.db
      .selectFrom('items')
      .select('phone')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const res = await get(`/items/${itemId}`);
    const data = jsonLd(res.body);
    expect(data.telephone).toBeUndefined();
    expect(res.body.includes(row.phone)).toBe(false);
  });

  it('keeps error pages and sign-in out of search indexes', async () => {
    for (const url of ['/items/999999', '/no-such-page', '/login']) {
      const res = await get(url);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    const home = await get('/');
    expect(home.body).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(home.body).not.toContain('name="robots"');
    expect(home.body).not.toContain('application/ld+json');
  });

  it('escapes what an item says in the head', async () => {
    await t.app.storage.db
      .updateTable('items')
      .set({ subtitle: '"><script>alert(1)</script>', title: '</script><b>x' })
      .where('id', '=', itemId)
      .execute();
    const res = await get(`/items/${itemId}`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('</script><b>');
    expect(head).toContain('<meta name="description" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(jsonLd(res.body).description).toBe('"><script>alert(1)</script>');
  });
});
