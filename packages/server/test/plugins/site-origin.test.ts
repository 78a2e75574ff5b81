import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { siteOrigin } from '../../src/plugins/site-origin.js';

/** A bare Fastify with the site's configuration, answering `siteOrigin` for each request. */
async function originOf(env: Record<string, string>, headers: Record<string, string>) {
  const config = loadConfig(env);
  const app = Fastify({ trustProxy: config.trustProxy });
  app.decorate('config', config);
  app.get('/', async (request) => siteOrigin(request));
  const res = await app.inject({ url: '/', headers });
  await app.close();
  return res.body;
}

describe("the site's own origin", () => {
  it("is the request's scheme and host on a plain-http install", async () => {
    expect(await originOf({}, { host: 'dir.example:8080' })).toBe('http://dir.example:8080');
  });

  it('follows a proxy only when TRUST_PROXY is on', async () => {
    const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dir.example' };
    expect(await originOf({}, forwarded)).toBe('http://10.0.0.5:3000');
    expect(await originOf({ TRUST_PROXY: 'true' }, forwarded)).toBe('https://dir.example');
  });

  it("is PUBLIC_URL's origin when set, in its scheme, whatever the request says", async () => {
    expect(await originOf({ PUBLIC_URL: 'http://intranet.example/' }, { host: 'x' })).toBe('http://intranet.example');
    expect(await originOf({ PUBLIC_URL: 'https://dir.example/' }, { 'x-forwarded-proto': 'http' })).toBe(
      'https://dir.example',
    );
  });
});
