import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PIXEL_PATH, SHIELD_SCRIPT_PATH } from '@waymark/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../src/plugins/compression.js';
import { SHIELD_DIST } from '../../src/shield/index.js';
import { createTestApp, type TestApp } from '../support/app.js';

/**
 * How answers travel: compression negotiated per request, build-time copies for static files,
 * cache headers, ETags, the site icon and the referrer policy. On a small web build of its own,
 * so the site's real build (which other work may be replacing) does not matter here.
 */

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `word ${i}`))};\n`;
const PAGE_TEXT = Array.from({ length: 300 }, (_, i) => `<p>Place number ${i} in the directory</p>`).join('');

/** A web build as Vite writes it: a manifest, client files, and a server entry. */
async function fakeWebDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'waymark-web-dist-'));
  await mkdir(path.join(dist, 'client/.vite'), { recursive: true });
  await mkdir(path.join(dist, 'client/assets'), { recursive: true });
  await mkdir(path.join(dist, 'server'), { recursive: true });
  const manifest = { 'src/entry-client.tsx': { file: 'assets/entry-client-abc123.js', isEntry: true } };
  await writeFile(path.join(dist, 'client/.vite/manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dist, 'client/assets/entry-client-abc123.js'), BIG_SCRIPT);
  // Copies that differ from the file on purpose: a body that decodes to them came from them.
  await writeFile(path.join(dist, 'client/assets/entry-client-abc123.js.br'), brotliCompressSync('from the .br copy'));
  await writeFile(path.join(dist, 'client/assets/entry-client-abc123.js.gz'), gzipSync('from the .gz copy'));
  await writeFile(path.join(dist, 'client/assets/plain-def456.js'), BIG_SCRIPT);
  await writeFile(path.join(dist, 'server/package.json'), '{"type":"module"}');
  await writeFile(
    path.join(dist, 'server/entry-server.js'),
    `export const render = () => ${JSON.stringify(`<main>${PAGE_TEXT}</main>`)};\n`,
  );
  return dist;
}

describe('delivery', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fakeWebDist();
    t = await createTestApp('sqlite', { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  describe('compression', () => {
    it('sends pages in brotli when the browser takes it, else gzip, else as they are', async () => {
      const br = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(br.rawPayload).toString();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(PAGE_TEXT);
      expect(br.rawPayload.length).toBeLessThan(html.length / 4);

      const gz = await get('/', { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain(PAGE_TEXT);

      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const plain = await get('/', headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toContain(PAGE_TEXT);
        // This copy too depends on the request's Accept-Encoding: no shared cache may give it to all.
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
      }
    });

    it('compresses the not-found page like any other', async () => {
      const res = await get('/no/such/page', { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<!doctype html>');
      // Also when a route hands over to it: the static files for a file that is not there.
      const asset = await get('/assets/missing-0000.js', { 'accept-encoding': 'gzip' });
      expect(asset.statusCode).toBe(404);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(asset.rawPayload).toString()).toContain('<!doctype html>');
    });

    it('reads the weights of Accept-Encoding', () => {
      expect(preferredEncoding('gzip, deflate, br')).toBe('br');
      expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
      expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
      expect(preferredEncoding('*')).toBe('br');
      expect(preferredEncoding('identity')).toBeNull();
      expect(preferredEncoding(undefined)).toBeNull();
    });

    it('leaves small answers and images as they are', async () => {
      const small = await t.app.inject({ method: 'POST', url: '/nowhere', headers: { 'accept-encoding': 'br' } });
      expect(small.body).toBe('Not Found');
      expect(small.headers['content-encoding']).toBeUndefined();
      const gif = await get(PIXEL_PATH, { 'accept-encoding': 'br, gzip' });
      expect(gif.headers['content-type']).toBe('image/gif');
      expect(gif.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('static files', () => {
    it('sends the build-time brotli or gzip copy of a hashed asset, cached for a year as immutable', async () => {
      const br = await get('/assets/entry-client-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('from the .br copy');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);

      const gz = await get('/assets/entry-client-abc123.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe('from the .gz copy');

      const plain = await get('/assets/entry-client-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_SCRIPT);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    });

    it('compresses on the fly an asset the build left without copies', async () => {
      const res = await get('/assets/plain-def456.js', { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the standalone shield script compressed at its stable address, cached for five minutes', async () => {
      const script = await readFile(path.join(SHIELD_DIST, 'shield.js'), 'utf8');
      const br = await get(SHIELD_SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toBe('public, max-age=300');
      const gz = await get(SHIELD_SCRIPT_PATH, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      // Nothing else of the shield's build folder, its compressed copies included.
      expect((await get(`${SHIELD_SCRIPT_PATH}.br`)).statusCode).toBe(404);
      expect((await get('/waymark/other.js')).statusCode).toBe(404);
    });
  });

  describe('validators', () => {
    it('answers 304 to a conditional request for the very same body', async () => {
      const first = await get('/favicon.ico');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"/);
      const again = await get('/favicon.ico', { 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('gives each page its own ETag, so a page with an old CSP nonce is never revalidated', async () => {
      const first = await get('/');
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await get('/', { 'if-none-match': tag });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).not.toBe(tag);
      expect(again.body).toContain(PAGE_TEXT);
    });
  });

  describe('site icon', () => {
    it('answers /favicon.ico with an icon of PNG images, and every page links it', async () => {
      const res = await get('/favicon.ico', { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/x-icon');
      expect(res.headers['content-encoding']).toBeUndefined();
      const ico = res.rawPayload;
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
      const count = ico.readUInt16LE(4);
      const sizes = [];
      for (let i = 0; i < count; i += 1) {
        const entry = 6 + 16 * i;
        const png = ico.subarray(
          ico.readUInt32LE(entry + 12),
          ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
        );
        const { width, height, format } = await sharp(png).metadata();
        expect([format, width, height]).toEqual(['png', ico[entry], ico[entry + 1]]);
        sizes.push(width);
      }
      expect(sizes).toEqual([16, 32, 48]);
      expect((await get('/')).body).toContain('<link rel="icon" href="/favicon.ico">');
    });
  });

  it("gives our own pages the referrer's whole address and other sites only our origin", async () => {
    expect((await get('/')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
