import { liveSearchSettings } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePost } from '../../src/posts/index.js';
import { writeSetting } from '../../src/settings/store.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';
import { webDistEnv } from '../mail/env.js';

const AJAX = '/wp-admin/admin-ajax.php';

interface Result {
  post_url: string;
  title: string;
  image_url: string;
  id: number;
  type: string;
}

function pageContext(html: string): { data: Record<string, unknown>; liveSearch: Record<string, unknown> } {
  const json = /<script type="application\/json" id="waymark-page"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as { data: Record<string, unknown>; liveSearch: Record<string, unknown> };
}

describe.each(DIALECTS)('pages, articles and the live search on %s', (dialect) => {
  let t: TestApp;
  let listId = 0;
  const now = new Date().toISOString();

  const addItem = async (title: string, subtitle = '', description = '') =>
    (
      await t.app.storage.db
        .insertInto('items')
        .values({
          list_id: listId,
          position: 0,
          title,
          subtitle,
          description,
          content: '',
          address: '',
          locality: '',
          phone: '',
          hours: '',
          url: '',
          image: '/media/seed/images/one.webp',
          lat: null,
          lon: null,
          paid: 0,
          marker: null,
          owner_email: '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const search = async (fields: Record<string, string | string[]>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: FORM_HEADERS,
      payload: form({ action: 'live_search_retrieve_posts', per_page: '10', ...fields }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return Object.values(res.json() as Record<string, Result>);
  };
  const titles = async (fields: Record<string, string | string[]>) => (await search(fields)).map((r) => r.title);

  beforeAll(async () => {
    // A build of the site that knows these page types, where one is named (a helper's own build).
    t = await createTestApp(dialect, { env: webDistEnv() });
    const { db } = t.app.storage;
    const category = await db
      .insertInto('categories')
      .values({ slug: 'food', name: 'Food', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    listId = (
      await db
        .insertInto('lists')
        .values({ category_id: category.id, slug: 'town', title: 'Town', position: 0, settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await writePost(t.app.storage, {
      type: 'page',
      slug: 'about',
      title: 'About the harbour',
      body: '<p>Boats and <strong>lighthouses</strong>.</p><script>alert(1)</script><img src="/media/a.jpg" onerror="x()">',
      image: '/media/gallery/harbour.jpg',
    });
    await writePost(t.app.storage, {
      type: 'article',
      slug: 'market-morning',
      title: 'A morning at the market',
      body: '<p>Bakers, cheese and the harbour view.</p>',
    });
    await addItem('Harbour Bakery', 'Bread by the water', '<p>Sourdough</p>');
    await addItem('Tom & "Jerry" <Café>', 'Cartoons', '');
  });

  afterAll(async () => {
    await t.close();
  });

  it('serves a page and an article at their clean addresses, with the body sanitized on write', async () => {
    const page = await t.app.inject('/pages/about');
    expect(page.statusCode).toBe(200);
    const { post } = pageContext(page.body).data as { post: { bodyHtml: string; title: string } };
    expect(post.title).toBe('About the harbour');
    expect(post.bodyHtml).toContain('<strong>lighthouses</strong>');
    expect(post.bodyHtml).not.toContain('<script');
    expect(post.bodyHtml).not.toContain('onerror');
    expect((await t.app.inject('/articles/market-morning')).statusCode).toBe(200);
    // A page is not an article, and no slug is taken as anything else.
    expect((await t.app.inject('/articles/about')).statusCode).toBe(404);
    expect((await t.app.inject('/pages/..%2Fabout')).statusCode).toBe(404);
  });

  it('hands every page the live search settings', async () => {
    const { liveSearch } = pageContext((await t.app.inject('/pages/about')).body);
    expect(liveSearch).toMatchObject({ minChars: 4, showImages: true, postTypes: ['page', 'article', 'item'] });
  });

  it('finds pages, articles and items, the title ranked first, the last word as a prefix', async () => {
    const found = await search({ search: 'harbo' });
    expect(found.map((r) => r.title)).toEqual(
      expect.arrayContaining(['About the harbour', 'Harbour Bakery', 'A morning at the market']),
    );
    expect(found).toHaveLength(3);
    // Only the article has the word in its body alone: it comes last.
    expect(found[2]?.title).toBe('A morning at the market');
    const page = found.find((r) => r.type === 'page');
    expect(page).toEqual({
      post_url: '/pages/about',
      title: 'About the harbour',
      image_url: '/media/gallery/harbour.jpg',
      id: expect.any(Number),
      type: 'page',
    });
    expect(found.find((r) => r.type === 'item')?.post_url).toMatch(/^\/items\/\d+$/);
    expect(await titles({ search: 'harbour bakery' })).toEqual(['Harbour Bakery']);
    expect(await titles({ search: 'sourdough' })).toEqual(['Harbour Bakery']);
  });

  it('honours the post types, titles only, per_page and the picture and type flags', async () => {
    expect(await titles({ search: 'harbour', 'post_type[]': ['page'] })).toEqual(['About the harbour']);
    // `post` is the original theme's name for an article.
    expect(await titles({ search: 'harbour', 'post_type[]': ['post'] })).toEqual(['A morning at the market']);
    expect(await titles({ search: 'harbour', 'post_type[]': ['product'] })).toEqual([]);
    expect((await titles({ search: 'harbour', search_limit_to_post_titles: '1' })).sort()).toEqual([
      'About the harbour',
      'Harbour Bakery',
    ]);
    expect(await search({ search: 'harbour', per_page: '1' })).toHaveLength(1);
    const [bare] = await search({ search: 'about harbour', show_feat_img: '0', display_post_type: '0' });
    expect(bare).toMatchObject({ image_url: '', type: '' });
  });

  it('escapes every title and URL', async () => {
    const [found] = await search({ search: 'jerry' });
    expect(found?.title).toBe('Tom &amp; &quot;Jerry&quot; &lt;Café&gt;');
  });

  it('answers {} below the minimum length, for no match, and for text without words', async () => {
    for (const text of ['har', 'zzzzqqq', '"*:() -']) {
      const res = await t.app.inject({
        method: 'POST',
        url: AJAX,
        headers: FORM_HEADERS,
        payload: form({ action: 'live_search_retrieve_posts', search: text }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: FORM_HEADERS,
      payload: form({ action: 'live_search_retrieve_posts', search: 'harbour', per_page: 'lots' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the index and its cached answers in step with every write', async () => {
    expect(await titles({ search: 'lantern' })).toEqual([]);
    const id = await addItem('Lantern Shop');
    expect(await titles({ search: 'lantern' })).toEqual(['Lantern Shop']);
    await t.app.storage.db.updateTable('items').set({ title: 'Candle Shop' }).where('id', '=', id).execute();
    expect(await titles({ search: 'lantern' })).toEqual([]);
    expect(await titles({ search: 'candle' })).toEqual(['Candle Shop']);
    // A vote changes no text: the index is left alone.
    await t.app.storage.db.updateTable('items').set({ votes: 3 }).where('id', '=', id).execute();
    expect(await titles({ search: 'candle' })).toEqual(['Candle Shop']);
    await t.app.storage.db.deleteFrom('items').where('id', '=', id).execute();
    expect(await titles({ search: 'candle' })).toEqual([]);
    await writePost(t.app.storage, { type: 'article', slug: 'candles', title: 'Candles at dusk', body: '' });
    expect(await titles({ search: 'candle' })).toEqual(['Candles at dusk']);
    await t.app.storage.db.deleteFrom('posts').where('slug', '=', 'candles').execute();
  });

  it('takes the minimum length and the no-results text from the settings', async () => {
    await writeSetting(t.app.storage, liveSearchSettings, { min_char_count: 2, no_search_results: 'Nothing here.' });
    expect(await titles({ search: 'ab' })).toEqual(['About the harbour']);
    const res = await t.app.inject('/search?q=qqqqzz');
    expect(pageContext(res.body).data).toMatchObject({ page: 'search', message: 'Nothing here.', hits: [] });
    await writeSetting(t.app.storage, liveSearchSettings, {});
  });

  it('renders the search page for visitors without scripts', async () => {
    const res = await t.app.inject('/search?q=harbour');
    expect(res.statusCode).toBe(200);
    const data = pageContext(res.body).data as { hits: { title: string; url: string }[]; message: string | null };
    expect(data.message).toBeNull();
    expect(data.hits.map((hit) => hit.url)).toContain('/pages/about');
    const short = pageContext((await t.app.inject('/search?q=ha')).body).data;
    expect(short).toMatchObject({ hits: [], message: 'Please type at least 4 characters.' });
  });
});
