import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { categoryFilter, generateText, showListItem, type PageContext } from '@waymark/protocol';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, startSession } from '../../../src/plugins/session.js';
import { contextOf } from '../../accounts/page-context.js';
import { webDistEnv } from '../../mail/env.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../../support/app.js';
import { itemRow } from '../../support/item-row.js';
import { DIALECTS } from '../../support/storage.js';

type Role = 'administrator' | 'editor' | 'subscriber';
type Part = string | { filename: string; type: string; data: Buffer };

/** A multipart body with files, as a browser sends a form with a file input. */
function multipartBody(fields: Record<string, Part>) {
  const boundary = '----waymarkitems0b1c2d3e';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const dataOf = (body: string) => contextOf(body).data as PageContext['data'] & Record<string, unknown>;

describe.each(DIALECTS)('the back office items on %s', (dialect) => {
  let t: TestApp;
  let page: Server;
  let pageUrl = '';
  const sessions = {} as Record<Role, string>;
  let nonce = '';
  let lists: number[] = [];
  let png: Buffer;

  const as = (role: Role | null): Record<string, string> => (role ? { [SESSION_COOKIE]: sessions[role] } : {});
  const post = (url: string, fields: Record<string, Part>, role: Role | null = 'administrator') =>
    t.app.inject({ method: 'POST', url, ...multipartBody({ _wpnonce: nonce, ...fields }), cookies: as(role) });
  const ajax = (fields: Record<string, string>, role: Role | null) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      payload: form(fields),
      headers: FORM_HEADERS,
      cookies: as(role),
    });

  beforeAll(async () => {
    page = createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<title>Tide Café</title><meta name="description" content="Coffee by the harbour">');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
    t = await createTestApp(dialect, { env: { ...webDistEnv(), FETCH_ALLOWED_HOSTS: 'localhost' } });
    const { db } = t.app.storage;
    const now = new Date().toISOString();
    for (const role of ['administrator', 'editor', 'subscriber'] as const) {
      const { id } = await db
        .insertInto('users')
        .values({ email: `${role}@example.org`, name: role, password_hash: 'unused', role, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      sessions[role] = (await startSession(t.app.storage, id, 1)).token;
    }
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({ slug: 'food', name: 'Food', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    lists = [];
    for (const [position, title] of ['Cafés', 'Bakeries'].entries()) {
      const { id } = await db
        .insertInto('lists')
        .values({ category_id: categoryId, slug: title.toLowerCase(), title, position, settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      lists.push(id);
    }
    const home = await t.app.inject({ url: '/admin/items', cookies: as('administrator') });
    nonce = contextOf(home.body).formNonce;
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => page.close(resolve));
  });

  it('refuses visitors and members every page and call, and lets editors manage items', async () => {
    const urls = ['/admin', '/admin/items', '/admin/items/new', '/admin/items/import', '/admin/items/export.csv'];
    for (const role of [null, 'subscriber'] as const) {
      for (const url of urls) {
        const res = await t.app.inject({ url, cookies: as(role) });
        expect([url, res.statusCode]).toEqual([url, 403]);
        expect(dataOf(res.body)).toMatchObject({ page: 'account-notice', title: 'Not allowed' });
      }
      const created = await post('/admin/items/new', { list: String(lists[0]), title: 'Sneaky' }, role);
      expect(created.statusCode).toBe(403);
      for (const [call, fields] of [
        [categoryFilter, { cat: 'food' }],
        [showListItem, { listid: String(lists[0]) }],
        [generateText, { url: pageUrl }],
      ] as const) {
        const res = await ajax({ action: call.ajax?.action ?? '', ...fields }, role);
        expect([call.name, res.statusCode, res.body]).toEqual([call.name, 403, '-1']);
      }
    }
    expect(await t.app.storage.db.selectFrom('items').select('id').execute()).toEqual([]);
    expect((await t.app.inject({ url: '/admin/items', cookies: as('editor') })).statusCode).toBe(200);
    // The item form's look-ups are the editors' too.
    for (const [call, fields] of [
      [categoryFilter, { cat: 'food' }],
      [showListItem, { listid: String(lists[0]) }],
    ] as const) {
      const res = await ajax({ action: call.ajax?.action ?? '', ...fields }, 'editor');
      expect([call.name, res.statusCode]).toEqual([call.name, 200]);
    }
    const admin = await t.app.inject({ url: '/admin', cookies: as('administrator') });
    expect([admin.statusCode, admin.headers.location]).toEqual([303, '/admin/items']);
  });

  let itemId = 0;

  it('adds an item with every field and an uploaded picture, re-encoded with a thumbnail', async () => {
    const res = await post('/admin/items/new', {
      list: String(lists[0]),
      title: 'Tide Café',
      subtitle: 'Coffee by the harbour',
      address: '1 Quay Street',
      lat: '50.1',
      lon: '-5.05',
      locality: 'Falmouth',
      phone: '+44 1326 000000',
      hours: 'Mo-Su 08:00-17:00',
      url: 'https://tide.example/',
      tags: 'coffee, cake, coffee',
      paid: '1',
      featured: '1',
      marker: '/media/markers/cup.png',
      ownerEmail: 'owner@tide.example',
      description: '<p>Fresh <strong>coffee</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      imageAlt: 'A red wall',
      image_file: { filename: 'photo.png', type: 'image/png', data: png },
    });
    expect(res.statusCode).toBe(303);
    const match = /^\/admin\/items\/(\d+)\?done=created$/.exec(res.headers.location ?? '');
    expect(match).not.toBeNull();
    itemId = Number(match?.[1]);
    const row = await t.app.storage.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      list_id: lists[0],
      title: 'Tide Café',
      lat: 50.1,
      lon: -5.05,
      paid: 1,
      featured: 1,
      marker: '/media/markers/cup.png',
      owner_email: 'owner@tide.example',
      image_alt: 'A red wall',
    });
    expect(row.description).not.toMatch(/script|javascript/);
    expect(row.description).toContain('<strong>coffee</strong>');
    expect(row.image).toMatch(/^\/media\/items\/[0-9a-f]{24}\.webp$/);
    const file = path.join(t.config.mediaDir, 'items', path.basename(row.image));
    expect((await sharp(file).metadata()).format).toBe('webp');
    expect(existsSync(file.replace(/\.webp$/, '-thumb.webp'))).toBe(true);
    const served = await t.app.inject(row.image);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);

    const form = await t.app.inject({ url: `/admin/items/${itemId}?done=created`, cookies: as('administrator') });
    expect(dataOf(form.body)).toMatchObject({
      page: 'admin-item',
      id: itemId,
      done: 'The item is added.',
      values: { title: 'Tide Café', tags: 'cake, coffee', paid: true, featured: true, lat: '50.1', lon: '-5.05' },
    });
  });

  it('refuses bad fields with a message for each, and a picture that is not one', async () => {
    const res = await post('/admin/items/new', {
      list: String(lists[0]),
      title: '',
      lat: '50.1',
      url: 'javascript:alert(1)',
      marker: '//evil.example/x.png',
      ownerEmail: 'not an address',
      phone: 'call me',
    });
    expect(res.statusCode).toBe(400);
    const data = dataOf(res.body) as { errors: Record<string, string> };
    expect(Object.keys(data.errors).sort()).toEqual(['lon', 'marker', 'ownerEmail', 'phone', 'title', 'url']);
    const outOfRange = await post('/admin/items/new', { list: String(lists[0]), title: 'x', lat: '91', lon: '0' });
    expect((dataOf(outOfRange.body) as { errors: Record<string, string> }).errors).toHaveProperty('lat');
    const notPicture = await post('/admin/items/new', {
      list: String(lists[0]),
      title: 'Fake',
      image_file: { filename: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
    });
    expect(notPicture.statusCode).toBe(400);
    expect((dataOf(notPicture.body) as { errors: Record<string, string> }).errors.image).toMatch(/not a picture/);
    const expired = await post('/admin/items/new', { list: String(lists[0]), title: 'Late', _wpnonce: '0000000000' });
    expect(expired.statusCode).toBe(403);
    const noList = await post('/admin/items/new', { list: '999999', title: 'Lost' });
    expect(noList.statusCode).toBe(400);
    expect(await t.app.storage.db.selectFrom('items').select('id').execute()).toHaveLength(1);
  });

  it('edits an item, removes its picture, moves it and deletes it', async () => {
    const before = await t.app.storage.db
      .selectFrom('items')
      .select('image')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const saved = await post(`/admin/items/${itemId}`, {
      list: String(lists[0]),
      title: 'Tide Café & Bakery',
      tags: 'coffee',
      // Each box on its own: featured stays, paid is taken off.
      featured: '1',
      image: before.image,
      image_remove: '1',
    });
    expect([saved.statusCode, saved.headers.location]).toEqual([303, `/admin/items/${itemId}?done=saved`]);
    const row = await t.app.storage.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect([row.title, row.image, row.paid, row.featured, row.lat]).toEqual(['Tide Café & Bakery', '', 0, 1, null]);
    expect(existsSync(path.join(t.config.mediaDir, 'items', path.basename(before.image)))).toBe(false);

    const moved = await post(`/admin/items/${itemId}/move`, { list: String(lists[1]) });
    expect([moved.statusCode, moved.headers.location]).toEqual([303, `/admin/items/${itemId}?done=moved`]);
    const after = await t.app.storage.db
      .selectFrom('items')
      .select('list_id')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(after.list_id).toBe(lists[1]);
    expect((await post(`/admin/items/${itemId}/move`, { list: '999999' })).statusCode).toBe(400);
    expect((await post(`/admin/items/${itemId}/delete`, {}, 'subscriber')).statusCode).toBe(403);

    const deleted = await post(`/admin/items/${itemId}/delete`, {});
    expect([deleted.statusCode, deleted.headers.location]).toEqual([303, '/admin/items?done=deleted']);
    expect(await t.app.storage.db.selectFrom('items').select('id').execute()).toEqual([]);
    expect((await post(`/admin/items/${itemId}/delete`, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/admin/items/${itemId}`, cookies: as('administrator') })).statusCode).toBe(404);
  });

  it('imports a CSV only when every row is good, after a dry run that names each bad row', async () => {
    const csv = [
      'list,title,subtitle,lat,lon,tags,paid,url',
      `${lists[0]},Harbour Books,Second-hand,50.15,-5.07,"books, maps",1,https://books.example/`,
      `${lists[1]},,No title,,,,0,`,
      `${lists[1]},Pier Bakery,Bread,51,,,0,`,
      `999999,Nowhere,,,,,0,`,
      `${lists[1]},Quay Deli,"Cheese, ""fine"" wine",,,,0,/items/1`,
    ].join('\n');
    const file = { filename: 'items.csv', type: 'text/csv', data: Buffer.from(csv) };
    const dry = await post('/admin/items/import', { mode: 'dry', file });
    expect(dry.statusCode).toBe(200);
    expect(dataOf(dry.body)).toMatchObject({
      page: 'admin-import',
      report: {
        dryRun: true,
        rows: 5,
        imported: 0,
        problems: [
          { row: 3, reason: expect.stringMatching(/^title: /) },
          { row: 4, reason: expect.stringMatching(/^lon: /) },
          { row: 5, reason: 'list: there is no list 999999.' },
        ],
      },
    });
    const refused = await post('/admin/items/import', { mode: 'import', file });
    expect(refused.statusCode).toBe(400);
    expect(await t.app.storage.db.selectFrom('items').select('id').execute()).toEqual([]);

    const good = csv
      .split('\n')
      .filter((_, i) => ![2, 3, 4].includes(i))
      .join('\n');
    const goodFile = { filename: 'items.csv', type: 'text/csv', data: Buffer.from(good) };
    const checked = await post('/admin/items/import', { mode: 'dry', file: goodFile });
    expect(dataOf(checked.body)).toMatchObject({ report: { dryRun: true, rows: 2, problems: [], imported: 0 } });
    expect(await t.app.storage.db.selectFrom('items').select('id').execute()).toEqual([]);
    const imported = await post('/admin/items/import', { mode: 'import', file: goodFile });
    expect(dataOf(imported.body)).toMatchObject({ report: { dryRun: false, rows: 2, problems: [], imported: 2 } });
    // A file from before the featured column: its items are not featured.
    const flags = await t.app.storage.db
      .selectFrom('items')
      .select(['title', 'paid', 'featured'])
      .orderBy('title')
      .execute();
    expect(flags).toEqual([
      { title: 'Harbour Books', paid: 1, featured: 0 },
      { title: 'Quay Deli', paid: 0, featured: 0 },
    ]);

    const bad = await post('/admin/items/import', {
      mode: 'dry',
      file: { ...goodFile, data: Buffer.from('name,title\nx,y') },
    });
    expect((dataOf(bad.body) as { errors: Record<string, string> }).errors.file).toBe('Unknown columns: name.');
  });

  it('exports the same shape it imports, with spreadsheet formulas defused', async () => {
    await post('/admin/items/new', {
      list: String(lists[0]),
      title: '=HYPERLINK("http://evil")',
      subtitle: '-5 degrees',
      featured: '1',
    });
    const res = await t.app.inject({ url: '/admin/items/export.csv', cookies: as('editor') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'list,title,subtitle,address,lat,lon,locality,phone,hours,url,tags,paid,featured,marker,ownerEmail,description,image,imageAlt',
    );
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.title, r.paid, r.featured])).toEqual([
      ['Harbour Books', '1', '0'],
      ['Quay Deli', '0', '0'],
      [`'=HYPERLINK("http://evil")`, '0', '1'],
    ]);
    expect(res.body).toContain('Harbour Books');
    expect(res.body).toContain('"books, maps"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain("'-5 degrees");

    // The export goes back in as it came out.
    const again = await post('/admin/items/import', {
      mode: 'dry',
      file: { filename: 'export.csv', type: 'text/csv', data: Buffer.from(res.body) },
    });
    expect(dataOf(again.body)).toMatchObject({ report: { rows: 3, problems: [] } });

    // The table shows both marks.
    const table = await t.app.inject({ url: '/admin/items', cookies: as('editor') });
    type Row = { title: string; paid: boolean; featured: boolean };
    const rows = (dataOf(table.body) as unknown as { rows: Row[] }).rows;
    expect(Object.fromEntries(rows.map((r) => [r.title, [r.paid, r.featured]]))).toEqual({
      '=HYPERLINK("http://evil")': [false, true],
      'Harbour Books': [true, false],
      'Quay Deli': [false, false],
    });
  });

  it('searches, filters, sorts and pages the table on the server', async () => {
    const { db } = t.app.storage;
    const now = new Date().toISOString();
    await db
      .insertInto('items')
      .values(
        Array.from({ length: 120 }, (_, i) =>
          itemRow(
            lists[i % 2] ?? 0,
            {
              position: 100 + i,
              title: `Shop ${String(i).padStart(3, '0')}`,
              subtitle: i === 7 ? 'The 100% best_buns' : '',
              address: i === 42 ? 'Lighthouse Road' : '',
            },
            now,
          ),
        ),
      )
      .execute();
    const table = async (query: string) => {
      const res = await t.app.inject({ url: `/admin/items${query}`, cookies: as('administrator') });
      expect(res.statusCode).toBe(200);
      return dataOf(res.body) as unknown as { rows: { title: string; list: string }[]; total: number; query: unknown };
    };
    const first = await table('?sort=title&dir=asc');
    expect([first.total, first.rows.length]).toEqual([123, 50]);
    const shops = first.rows.map((r) => r.title).filter((title) => title.startsWith('Shop'));
    expect(shops).toEqual([...shops].sort());
    const third = await table('?sort=title&dir=asc&page=3');
    expect(third.rows).toHaveLength(23);
    const desc = await table('?sort=title&dir=desc');
    expect(desc.rows[0]?.title).toBe('Shop 119');
    expect((await table('?q=lighthouse')).rows.map((r) => r.title)).toEqual(['Shop 042']);
    expect((await table('?q=100%25')).rows.map((r) => r.title)).toEqual(['Shop 007']);
    expect((await table('?q=_buns')).total).toBe(1);
    expect((await table('?q=0_')).total).toBe(0);
    expect((await table('?q=LIGHTHOUSE%20ro')).total).toBe(1);
    expect((await table('?q=%22road%22%20OR%20x')).total).toBe(0);
    // The search index follows every writer: a rename and a removal show at once.
    await db.updateTable('items').set({ address: 'Wharfside Wall' }).where('title', '=', 'Shop 042').execute();
    expect((await table('?q=lighthouse')).total).toBe(0);
    expect((await table('?q=wharfside%20wa')).rows.map((r) => r.title)).toEqual(['Shop 042']);
    await db.deleteFrom('items').where('title', '=', 'Shop 042').execute();
    expect((await table('?q=wharfside')).total).toBe(0);
    const oneList = await table(`?list=${lists[1]}&q=shop`);
    expect([oneList.total, new Set(oneList.rows.map((r) => r.list))]).toEqual([60, new Set(['Bakeries'])]);
    const odd = await table('?sort=nonsense&dir=sideways&page=-4&list=abc');
    expect(odd.query).toEqual({ q: '', list: null, sort: 'updated', dir: 'desc', page: 1 });
    const ajaxAnswer = await ajax({ action: categoryFilter.ajax?.action ?? '', cat: 'food' }, 'administrator');
    expect(ajaxAnswer.body).toContain('Shop 000');
  });
});
