import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateText } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { startSession } from '../../src/plugins/session.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';

const ACTION = generateText.ajax?.action ?? '';

let t: TestApp;
let page: Server;
let pageUrl = '';
let adminToken = '';

beforeAll(async () => {
  page = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<title>Harbour Books</title><meta name="description" content="Second-hand books &amp; maps">');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
  t = await createTestApp('sqlite', { env: { FETCH_ALLOWED_HOSTS: 'localhost' } });
  await ensureAdministrator(t.app.storage, { email: 'admin@waymark.test', password: 'generate-admin-pass' });
  const user = await t.app.storage.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  adminToken = (await startSession(t.app.storage, user.id, 1)).token;
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => page.close(resolve));
});

const generate = (url: string, cookies: Record<string, string> = { waymark_session: adminToken }) =>
  t.app.inject({
    method: 'POST',
    url: '/wp-admin/admin-ajax.php',
    payload: form({ action: ACTION, url }),
    headers: FORM_HEADERS,
    cookies,
  });

describe('qcpd_generate_text', () => {
  it("answers the linked page's title and description", async () => {
    const res = await generate(pageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: 'Harbour Books', description: 'Second-hand books & maps' });
  });

  it("answers the specification's alert for an empty link", async () => {
    const res = await generate('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Item link field cannot left empty!' });
  });

  it('refuses an address the server must not reach, as an error the page reads', async () => {
    const port = (page.address() as AddressInfo).port;
    for (const url of [`http://127.0.0.1:${port}/`, 'http://169.254.169.254/', 'file:///etc/passwd']) {
      const res = await generate(url);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ error: string }>().error).toMatch(/public internet|http and https/);
    }
  });

  it('is refused to a visitor who is not an administrator', async () => {
    const res = await generate(pageUrl, {});
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe('-1');
  });
});
