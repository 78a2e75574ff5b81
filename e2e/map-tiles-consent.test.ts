import { DIRECTORY_TEXTS, mapSettings } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { startMapServer, type MapServer } from './support/map-server.js';
import { startTileServer, type TileServer } from './support/tile-server.js';
import { withBrowser } from './support/with-browser.js';

/** How long a poll waits for the map: its code, the geocoder and a reload on a busy machine. */
const WAIT = { timeout: 20_000 };

/**
 * Issue 12: a real tile server on loopback named by `TILE_URL`, the privacy notice that keeps
 * every map request back until the visitor accepts, and the current location asked once.
 */
describe('map tiles, consent and current location', { timeout: 240_000 }, () => {
  const site = withBrowser();
  const defaults = mapSettings.schema.parse({});
  let tiles: TileServer;
  let server: MapServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    tiles = await startTileServer();
    server = await startMapServer({ TILE_URL: tiles.template, TILE_ATTRIBUTION: 'Loopback test tiles' });
  });
  afterAll(async () => {
    await server?.stop();
    await tiles?.stop();
  });

  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }

  it('shows the notice instead of the map and fetches nothing for it until the visitor accepts', async () => {
    await server.configure({ privacy: true });
    const before = tiles.requests();
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    const mapCode: string[] = [];
    page.on('request', (request) => {
      if (/MapArea|leaflet|base-layer/.test(request.url())) mapCode.push(request.url());
    });
    const response = await page.goto(server.address());
    await waitForHydration(page);
    const notice = page.getByRole('region', { name: defaults.privacyTitle });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain(defaults.privacyText);
    await page.waitForLoadState('networkidle');
    expect(mapCode).toEqual([]);
    expect(tiles.requests()).toBe(before);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp.split(';').find((d) => d.trim().startsWith('img-src'))).toContain(tiles.origin);
    await expectAccessible(page);

    await Promise.all([
      page.waitForEvent('load'),
      notice.getByRole('button', { name: defaults.privacyAccept }).click(),
    ]);
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();
    await expect.poll(() => tiles.requests(), WAIT).toBeGreaterThan(before);
    await expect.poll(() => page.locator('.wm-map .leaflet-tile-loaded').count(), WAIT).toBeGreaterThan(0);
    await expect(page.locator('.leaflet-control-attribution').textContent()).resolves.toContain('Loopback test tiles');
    await expectAccessible(page);
    await close();
  });

  it('asks for the position on the first visit, stores it and reloads once', async () => {
    await server.configure({ currentLocation: true });
    tracked = await site.open({
      viewport: { width: 1280, height: 900 },
      permissions: ['geolocation'],
      geolocation: { latitude: 48.8566, longitude: 2.3522 },
    });
    page = tracked.page;
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(server.address());
    await expect.poll(() => loads, WAIT).toBe(2);
    await waitForHydration(page);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.values(stored)).toContain('48.8566');
    await page.locator('.wm-map.leaflet-container').waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(loads).toBe(3);

    // The location box offers the current position while it has focus.
    const location = page.getByRole('combobox', { name: 'Location' });
    const here = page.getByRole('button', { name: 'Use current location' });
    await expect(here.count()).resolves.toBe(0);
    await location.focus();
    await here.click();
    await expect.poll(() => location.inputValue(), WAIT).not.toBe('');
    await expectAccessible(page);
    await close();
  });

  it('remembers a refusal without reloading, and says when the browser cannot tell', async () => {
    await server.configure({ currentLocation: true });
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(server.address());
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).length), WAIT).toBeGreaterThan(0);
    expect(loads).toBe(1);
    await close();

    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'geolocation', { value: undefined, configurable: true });
      delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
    });
    await page.goto(server.address());
    await waitForHydration(page);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: DIRECTORY_TEXTS.geolocationUnsupported }).count(), WAIT)
      .toBeGreaterThan(0);
    await expectAccessible(page);
    await close();
  });
});
