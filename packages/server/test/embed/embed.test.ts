import {
  EMBED_FIELD_NAMES,
  getOptionsTemplate,
  type CompactItem,
  type EmbedFields,
  type EmbedPageData,
} from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { startSession } from '../../src/plugins/session.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { itemRow } from '../support/item-row.js';
import { DIALECTS } from '../support/storage.js';
import { webDistEnv } from '../mail/env.js';

function pageData(html: string): EmbedPageData {
  const json = /<script type="application\/json" id="waymark-page"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as { data: EmbedPageData }).data;
}

/** The one item subtitle of the test lists, with characters the page must escape. */
const SUBTITLE = 'Oat milk & <b>beans</b>';
const SUBTITLE_HTML = 'Oat milk &amp; &lt;b&gt;beans&lt;/b&gt;';

describe.each(DIALECTS)('the embed page on %s', (dialect) => {
  let t: TestApp;
  let adminToken = '';
  const ids = { cafes: 0, parks: 0 };

  beforeAll(async () => {
    // The page renders with the built site: a helper's own build when WEB_DIST names one.
    t = await createTestApp(dialect, { env: webDistEnv() });
    const { db } = t.app.storage;
    const category = (slug: string, name: string, position: number) =>
      db.insertInto('categories').values({ slug, name, position }).returning('id').executeTakeFirstOrThrow();
    const list = (categoryId: number, title: string, position: number) =>
      db
        .insertInto('lists')
        .values({ category_id: categoryId, slug: title.toLowerCase(), title, position, settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const drinks = await category('drinks', 'Zed drinks', 0);
    const outdoors = await category('outdoors', 'Alpha outdoors', 1);
    ids.cafes = (await list(drinks.id, 'Cafes', 0)).id;
    ids.parks = (await list(outdoors.id, 'Parks', 1)).id;
    for (const [listId, position, title, phone, subtitle] of [
      [ids.cafes, 0, 'Zebra cafe', '+1 555 0100', SUBTITLE],
      [ids.cafes, 1, 'Apple cafe', '', ''],
      [ids.parks, 0, 'Meadow park', '', ''],
    ] as const) {
      await db.insertInto('items').values(itemRow(listId, { position, title, phone, subtitle })).execute();
    }
    await ensureAdministrator(t.app.storage, { email: 'admin@waymark.test', password: 'embed-admin-password' });
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    adminToken = (await startSession(t.app.storage, user.id, 1)).token;
  });
  afterAll(async () => t.close());

  const embed = async (query: Record<string, string>) => {
    const res = await t.app.inject({ url: `/embed?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode).toBe(200);
    return { res, data: pageData(res.body) };
  };
  const titles = (data: EmbedPageData) => data.directory.items.map((i: CompactItem) => i[2]);
  const listTitles = (data: EmbedPageData) => data.directory.lists.map((l) => l.title);

  it('may be framed by any site; every other page refuses framing', async () => {
    const { res } = await embed({});
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(res.headers['content-security-policy']).not.toMatch(/frame-ancestors 'self'/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const home = await t.app.inject({ url: '/' });
    expect(home.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('carries every field parsed, and echoes no bad or unknown value into the page', async () => {
    const evil = '<script>alert(1)</script>';
    const { res, data } = await embed({ order: evil, column: evil, creditlink: evil, nonsense: evil });
    expect(Object.keys(data.embed)).toEqual(EMBED_FIELD_NAMES);
    expect(data.embed).toMatchObject({ order: 'ASC', column: '3', creditlink: '' });
    expect(res.body).not.toContain('alert(1)');
  });

  it('mode, list_id and category choose the lists; a list that does not exist shows them all', async () => {
    expect(listTitles((await embed({ mode: 'one', list_id: String(ids.parks) })).data)).toEqual(['Parks']);
    expect(titles((await embed({ mode: 'one', list_id: String(ids.parks) })).data)).toEqual(['Meadow park']);
    expect(listTitles((await embed({ mode: 'category', category: 'drinks' })).data)).toEqual(['Cafes']);
    expect(listTitles((await embed({ mode: 'one', list_id: '999999' })).data)).toEqual(['Cafes', 'Parks']);
    expect(listTitles((await embed({ mode: 'one', list_id: 'x' })).data)).toEqual(['Cafes', 'Parks']);
  });

  it('order, orderby and item_orderby sort lists and items', async () => {
    expect(titles((await embed({})).data)).toEqual(['Zebra cafe', 'Apple cafe', 'Meadow park']);
    expect(titles((await embed({ item_orderby: 'title' })).data)).toEqual(['Apple cafe', 'Zebra cafe', 'Meadow park']);
    // DESC turns the lists (in their set order) and the items (newest first) around.
    expect(titles((await embed({ item_orderby: 'date', order: 'DESC' })).data)).toEqual([
      'Meadow park',
      'Apple cafe',
      'Zebra cafe',
    ]);
    expect(listTitles((await embed({ orderby: 'title', order: 'DESC' })).data)).toEqual(['Parks', 'Cafes']);
    expect(listTitles((await embed({ orderby: 'bogus', order: 'sideways' })).data)).toEqual(['Cafes', 'Parks']);
  });

  it('filterorderby orders the category filter', async () => {
    const names = (data: EmbedPageData) => data.directory.categories.map((c) => c.name);
    expect(names((await embed({})).data)).toEqual(['Zed drinks', 'Alpha outdoors']);
    expect(names((await embed({ filterorderby: 'title' })).data)).toEqual(['Alpha outdoors', 'Zed drinks']);
  });

  it('phone_number=false leaves phones out of the page', async () => {
    // Visitors get the phone masked and sealed for the decoder; either way it is in the page.
    const shown = (await embed({})).data.directory.items.find((i) => i[2] === 'Zebra cafe');
    expect(shown?.[6] || shown?.[17]).toBeTruthy();
    const { res, data } = await embed({ phone_number: 'false' });
    expect(data.directory.items.every((i) => i[6] === '' && i[17] === '')).toBe(true);
    expect(res.body).not.toContain(shown?.[17] || shown?.[6]);
  });

  it('paginate_items and per_page paginate every list', async () => {
    const { data } = await embed({ paginate_items: 'true', per_page: '1' });
    expect(data.directory.lists.every((l) => l.paginate && l.perPage === 1)).toBe(true);
    const bad = await embed({ paginate_items: 'true', per_page: '0' });
    expect(bad.data.directory.lists.every((l) => l.perPage === 12)).toBe(true);
  });

  it('upvote and pdmapofflightbox turn the upvotes and the popup map off', async () => {
    expect((await embed({})).data.settings).toMatchObject({ upvotes: true, popupMap: true });
    expect((await embed({ upvote: 'false', pdmapofflightbox: 'true' })).data.settings).toMatchObject({
      upvotes: false,
      popupMap: false,
    });
  });

  it('the map fields set the map', async () => {
    const { data } = await embed({
      map: 'true',
      map_position: 'right',
      enable_map_fullwidth: 'true',
      marker_cluster: 'false',
      image_infowindow: 'false',
      distance_search: 'true',
    });
    expect(data.map?.settings).toMatchObject({
      map: true,
      map_position: 'right',
      map_fullwidth: true,
      clustering: false,
      image_infowindow: false,
      radiusSearch: true,
    });
    expect((await embed({ showmaponly: 'true' })).data.map?.settings.map).toBe(true);
    expect((await embed({ map: 'yes' })).data.map?.settings.map).toBe(false);
  });

  it('renders the fields the page applies: classes, sizes, direction', async () => {
    const { res } = await embed({
      style: 'style-3',
      search: 'false',
      enable_tag_filter: 'true',
      item_count: 'false',
      enable_rtl: 'true',
      title_font_size: '20',
      topspacing: '30',
      column: '2',
    });
    const frame = /<div class="(embed [^"]*)" style="([^"]*)" dir="rtl"/.exec(res.body);
    expect(frame?.[1]).toContain('embed--style-3');
    expect(frame?.[1]).toContain('embed--no-search');
    expect(frame?.[1]).toContain('embed--no-count');
    expect(frame?.[1]).not.toContain('embed--no-tags');
    expect(frame?.[2]).toContain('--embed-title-size:20px');
    expect(frame?.[2]).toContain('--embed-top:30px');
    expect(frame?.[2]).toContain('--embed-lists-width:919px');
  });

  it('tooltip=true puts each item subtitle in a tooltip that describes the title; other values keep it below', async () => {
    for (const query of [{}, { tooltip: 'nonsense' }, { tooltip: 'false' }] as Record<string, string>[]) {
      const { res, data } = await embed(query);
      expect(data.embed.tooltip).toBe(false);
      expect(res.body).toContain(`<p class="dir-item__subtitle">${SUBTITLE_HTML}</p>`);
      expect(res.body).not.toContain('role="tooltip"');
      expect(res.body).not.toContain('aria-describedby');
    }
    const { res, data } = await embed({ tooltip: 'true' });
    expect(data.embed.tooltip).toBe(true);
    const tips = [
      ...res.body.matchAll(/<span role="tooltip" id="(item-\d+-tip)" class="dir-item__tooltip">([^<]*)<\/span>/g),
    ];
    // Only the item with a subtitle has one, and the subtitle is no longer shown below its title.
    expect(tips.map((tip) => tip[2])).toEqual([SUBTITLE_HTML]);
    expect(res.body).not.toContain('dir-item__subtitle');
    // The title has no link, so its text takes focus and is what the tooltip describes.
    expect(res.body).toContain(`<span tabindex="0" aria-describedby="${tips[0]?.[1]}">Zebra cafe</span>`);
    expect(res.body).not.toContain('<b>beans');
  });

  describe('get_options_template', () => {
    const call = (cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-admin/admin-ajax.php',
        payload: form({ action: getOptionsTemplate.ajax?.action ?? '' }),
        headers: FORM_HEADERS,
        cookies,
      });

    it('gives administrators the modal content: size, unit, every field with its default, generate', async () => {
      const res = await call({ waymark_session: adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html|^text\/plain/);
      for (const name of ['height', 'width', 'unit', ...EMBED_FIELD_NAMES])
        expect(res.body).toContain(`name="${name}"`);
      expect(res.body).toContain('<option value="%">%</option>');
      expect(res.body).toContain('<option value="ASC" selected>ASC</option>');
      expect(res.body).toContain('>Generate</button>');
    });

    it('refuses visitors', async () => {
      const res = await call({});
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('name="order"');
    });
  });
});

export type { EmbedFields };
