import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, fetchPublicPage } from '../../src/admin/index.js';

const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>  Caf&eacute; Lumi&egrave;re
 — Lyon </title><meta name="description" content="Coffee &amp; cake by the river"></head><body>Hi</body></html>`;

let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests++;
    const path = request.url ?? '/';
    if (path === '/page') return response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (path === '/gzip') {
      return response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE));
    }
    if (path === '/to-page') return response.writeHead(302, { location: '/page' }).end();
    if (path === '/to-loopback') {
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
    }
    if (path === '/to-file') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/image') return response.writeHead(200, { 'content-type': 'image/png' }).end('png');
    if (path === '/missing') return response.writeHead(404, { 'content-type': 'text/html' }).end('no');
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<title>Big</title>');
      const chunk = 'x'.repeat(64 * 1024);
      // Endless: only the size limit stops the reading.
      const pump = () => {
        while (response.write(chunk)) {
          /* keep writing */
        }
        response.once('drain', pump);
      };
      response.on('error', () => {});
      return pump();
    }
    if (path === '/slow') return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// `localhost` stands for a public host in these tests: it is the one name allowed to resolve anywhere.
const allowed = { allowedHosts: ['localhost'] };
const at = (path: string) => `http://localhost:${port}${path}`;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as Error).message;
}

describe('fetchPublicPage', () => {
  it('reads a page from an allowed host', async () => {
    const page = await fetchPublicPage(at('/page'), allowed);
    expect(page.body).toContain('<title>');
    expect(page.url).toBe(at('/page'));
  });

  it('follows a redirect on the same host and reads gzip', async () => {
    expect((await fetchPublicPage(at('/to-page'), allowed)).url).toBe(at('/page'));
    expect((await fetchPublicPage(at('/gzip'), allowed)).body).toContain('Coffee');
  });

  it('refuses loopback, private, link-local and metadata addresses before connecting', async () => {
    const before = requests;
    for (const address of [
      `http://127.0.0.1:${port}/page`,
      `http://0x7f.1:${port}/page`,
      `http://2130706433:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await refusal(fetchPublicPage(address, allowed))).toBe('That address is not on the public internet.');
    }
    expect(requests).toBe(before);
  });

  it('refuses a name that resolves to loopback unless the host is allowed', async () => {
    const before = requests;
    expect(await refusal(fetchPublicPage(at('/page')))).toBe('That address is not on the public internet.');
    expect(requests).toBe(before);
  });

  it('refuses a redirect to a private address, checked after every hop', async () => {
    const before = requests;
    expect(await refusal(fetchPublicPage(at('/to-loopback'), allowed))).toBe(
      'That address is not on the public internet.',
    );
    // The first hop was served; the redirect's target never was.
    expect(requests).toBe(before + 1);
    expect(await refusal(fetchPublicPage(at('/to-file'), allowed))).toBe(
      'Only http and https addresses can be fetched.',
    );
  });

  it('refuses other schemes, credentials and non-addresses', async () => {
    expect(await refusal(fetchPublicPage('file:///etc/passwd'))).toBe('Only http and https addresses can be fetched.');
    expect(await refusal(fetchPublicPage('gopher://example.com/'))).toBe(
      'Only http and https addresses can be fetched.',
    );
    expect(await refusal(fetchPublicPage(`http://user:pw@localhost:${port}/page`, allowed))).toBe(
      'Addresses with a user name or password are refused.',
    );
    expect(await refusal(fetchPublicPage('example.com'))).toBe('That is not a web address.');
  });

  it('stops at redirect loops, non-pages and error statuses', async () => {
    expect(await refusal(fetchPublicPage(at('/loop'), allowed))).toBe('The page redirects too many times.');
    expect(await refusal(fetchPublicPage(at('/image'), allowed))).toBe('The address is not a web page.');
    expect(await refusal(fetchPublicPage(at('/missing'), allowed))).toBe('The page answered with status 404.');
  });

  it('reads no more than its size limit of an endless page', async () => {
    const page = await fetchPublicPage(at('/huge'), { ...allowed, maxBytes: 100_000 });
    expect(page.body.length).toBe(100_000);
    expect(page.body.startsWith('<title>Big</title>')).toBe(true);
  });

  it('gives up on a page that does not answer in time', async () => {
    expect(await refusal(fetchPublicPage(at('/slow'), { ...allowed, timeoutMs: 300 }))).toBe(
      'The page took too long to answer.',
    );
  });
});
