import type { DirectoryData } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

const ATTRIBUTES = [
  'title',
  'subtitle',
  'address',
  'url',
  'local',
  'phone',
  'businesshour',
  'latlon',
  'paid',
  'marker',
  'tag',
];

describe.each(DIALECTS)('server-rendered pages on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SEED_DEMO: 'true', ADMIN_PASSWORD: 'admin-password-1' } });
    await bootstrap(t.app.storage, t.config, () => {});
  });
  afterAll(async () => t.close());

  it('renders each list’s first page of the seeded items, each with its data attributes', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // Every item travels in the page data; long lists show their first page (issue 11).
    const json = /<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const { directory } = (JSON.parse(json) as { data: { directory: DirectoryData } }).data;
    expect(directory.items).toHaveLength(300);
    const firstPages = directory.lists.reduce((sum, list, index) => {
      const items = directory.items.filter((item) => item[1] === index).length;
      return sum + Math.min(items, list.paginate ? list.perPage : 8);
    }, 0);
    const tags = res.body.match(/<li id="item-\d+"[^>]*>/g) ?? [];
    expect(tags).toHaveLength(firstPages);
    for (const tag of tags) for (const name of ATTRIBUTES) expect(tag).toMatch(new RegExp(`data-${name}="`));
    expect(res.body).toMatch(/data-latlon="-?\d+\.\d+,-?\d+\.\d+"/);
    expect(res.body).toContain('data-paid="1"');
  });

  it('allows scripts only from the site or with this response nonce', async () => {
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const inline = res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('prints the page configuration before any page script, with working nonces', async () => {
    const res = await t.app.inject('/');
    const config = res.body.indexOf('var ctPublicFunctions=');
    const module = res.body.indexOf('<script type="module"');
    expect(config).toBeGreaterThan(0);
    expect(config).toBeLessThan(module);
    const restNonce = /"_rest_nonce":"([0-9a-f]{10})"/.exec(res.body)?.[1];
    expect(t.app.nonces.verify(restNonce, 'wp_rest', '')).toBe(true);
  });

  it('never lets stored text break out of the page', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    await t.app.storage.db
      .updateTable('items')
      .set({ title: hostile, subtitle: hostile })
      .where('id', '=', 1)
      .execute();
    const res = await t.app.inject('/');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    const json = /<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(JSON.stringify(JSON.parse(json))).toContain(hostile);
  });

  it('answers an unknown address with the 404 page', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });

  it('serves the seeded images', async () => {
    const page = await t.app.inject('/');
    const image = /src="(\/media\/[^"]+)"/.exec(page.body)?.[1];
    expect(image).toBeDefined();
    const res = await t.app.inject(image ?? '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });
});
