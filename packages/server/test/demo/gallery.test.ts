import { lightboxSettings } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../../src/settings/store.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

const pageContext = (html: string) =>
  JSON.parse(/<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    lightbox: Record<string, unknown>;
    data: { page: string; gallery: { photos: { src: string }[] } };
  };
const pageData = (html: string) => pageContext(html).data;

describe.each(DIALECTS)('the gallery page on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('renders the seeded gallery, and every page carries the lightbox settings', async () => {
    await t.app.storage.db.deleteFrom('settings').where('key', '=', 'lightbox').execute();
    const res = await t.app.inject('/gallery');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-rel="iLightbox[photos]"');
    expect(res.body).toContain('data-type="ajax"');
    const data = pageData(res.body);
    expect(data.page).toBe('gallery');
    for (const path of ['/gallery', '/', '/login', '/no-such-page']) {
      const { lightbox } = pageContext((await t.app.inject(path)).body);
      expect(lightbox, path).toEqual(lightboxSettings.schema.parse({}));
      expect(lightbox.lightbox_opacity).toBe(0.85);
      expect(lightbox.lightbox_slideshow_speed).toBe(5_000);
    }
    for (const photo of data.gallery.photos) {
      const image = await t.app.inject(photo.src);
      expect(image.statusCode, photo.src).toBe(200);
    }
  });

  it('allows the configured video hosts in the CSP of every page, as the lightbox opens on every page', async () => {
    for (const path of ['/gallery', '/', '/login', '/no-such-page']) {
      const csp = String((await t.app.inject(path)).headers['content-security-policy']);
      expect(directive(csp, 'frame-src'), path).toBe(
        "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
      );
      expect(directive(csp, 'img-src')).toContain('https://img.youtube.com https://i.vimeocdn.com');
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://vimeo.com");
      expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
      expect(directive(csp, 'script-src')).toMatch(/'nonce-[\w-]+'/);
    }
  });

  it('follows the settings: other hosts when configured, none when the lightbox is off', async () => {
    await writeSetting(t.app.storage, lightboxSettings, {
      lightbox_vimeo_oembed: 'http://127.0.0.1:4567/oembed.json',
      lightbox_vimeo_thumbnail_origin: 'http://127.0.0.1:4567',
      lightbox_skin: 'dark',
    });
    const res = await t.app.inject('/gallery');
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4567");
    expect(directive(csp, 'img-src')).toContain('http://127.0.0.1:4567');
    expect(pageContext(res.body).lightbox.lightbox_skin).toBe('dark');

    await writeSetting(t.app.storage, lightboxSettings, { status_lightbox: false });
    for (const path of ['/gallery', '/']) {
      const off = String((await t.app.inject(path)).headers['content-security-policy']);
      expect(off).not.toContain('youtube');
      expect(off).not.toContain('4567');
      expect(directive(off, 'frame-src')).toBe('');
      expect(directive(off, 'connect-src')).toBe("connect-src 'self'");
    }
  });

  it('falls back to the defaults for a stored setting that does not fit, never an error page', async () => {
    await t.app.storage.db
      .updateTable('settings')
      .set({ value: '{"lightbox_opacity":"opaque","lightbox_path":"horizontal"}' })
      .where('key', '=', 'lightbox')
      .execute();
    const res = await t.app.inject('/gallery');
    expect(res.statusCode).toBe(200);
    const { lightbox } = pageContext(res.body);
    expect(lightbox.lightbox_opacity).toBe(0.85);
    expect(lightbox.lightbox_path).toBe('horizontal');
  });

  it('serves the framed page and the demo clips', async () => {
    const frame = await t.app.inject('/gallery/frame');
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('<html lang="en">');
    for (const file of ['clip.webm', 'clip.mp4', 'poster.webp']) {
      const res = await t.app.inject(`/gallery/assets/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(200_000);
    }
  });

  it('refuses a stored share address that is not https', () => {
    expect(() =>
      lightboxSettings.schema.parse({
        lightbox_social_links: [{ network: 'x', label: 'X', url: 'javascript:alert(1)' }],
      }),
    ).toThrow();
  });
});
