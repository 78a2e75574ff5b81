import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { markers, placedItems, startMapServer, uncovered, type MapServer } from './support/map-server.js';
import { withBrowser } from './support/with-browser.js';

/** How long a poll waits for the map: its code, the geocoder and a reload on a busy machine. */
const WAIT = { timeout: 20_000 };

/**
 * Issue 12, the map's markers: one per visible item with a position, popups on hover or on
 * click and one at a time, a listing item's hover opening its popup, filters taking markers away
 * and back, clusters with counts that zoom in on a click, and the offline base layer when no
 * tile server is configured.
 */
describe('the directory map', { timeout: 240_000 }, () => {
  const site = withBrowser();
  let server: MapServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startMapServer();
  });
  afterAll(async () => server?.stop());

  async function open() {
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    await page.goto(server.url);
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();
  }
  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  const popups = () => page.locator('.leaflet-popup');
  const marker = (title = '') =>
    markers(page)
      .and(page.locator(`[alt="${title.replace(/"/g, '\\"')}"]`))
      .first();

  it('draws a marker for every placed item, on the offline base layer, and opens one popup at a time on hover', async () => {
    await server.configure({ clustering: false });
    const offline: string[] = [];
    const tiles: string[] = [];
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.on('request', (request) => {
      if (request.url().includes('offline-layer')) offline.push(request.url());
      if (/\/\d+\/\d+\/\d+\.png/.test(request.url())) tiles.push(request.url());
    });
    await page.goto(server.url);
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();

    const placed = await placedItems(page);
    await expect.poll(() => markers(page).count(), WAIT).toBe(placed.length);
    await expect.poll(() => offline.length, WAIT).toBeGreaterThan(0);
    expect(tiles).toEqual([]);
    await expect(page.locator('.leaflet-control-attribution').textContent()).resolves.toContain('Natural Earth');

    const [first, second] = await uncovered(page, '.wm-map img.leaflet-marker-icon');
    await marker(first).hover();
    await expect.poll(() => popups().count(), WAIT).toBe(1);
    await expect(popups().locator('.wm-popup__title').textContent()).resolves.toBe(first);
    const directions = popups().getByRole('link', { name: 'Directions' });
    await expect(directions.getAttribute('target')).resolves.toBe('_blank');
    await expect(directions.getAttribute('rel')).resolves.toBe('noopener');

    await page.mouse.move(5, 5);
    await marker(second).hover();
    await expect.poll(() => popups().locator('.wm-popup__title').textContent(), WAIT).toBe(second);
    await expect(popups().count()).resolves.toBe(1);
    await expectAccessible(page);
    await close();
  });

  it('opens popups on click when that setting is on, and a listing item’s popup on hover with autopan', async () => {
    await server.configure({ clustering: false, popupOnClick: true, autopan: true });
    await open();
    const [first] = await uncovered(page, '.wm-map img.leaflet-marker-icon');
    await marker(first).hover();
    await expect(popups().count()).resolves.toBe(0);
    await marker(first).click();
    await expect.poll(() => popups().count(), WAIT).toBe(1);

    const listing = page.locator('li.dir-item[data-latlon]:not([data-latlon=""])').nth(1);
    const title = await listing.getAttribute('data-title');
    await listing.hover();
    await expect.poll(() => popups().locator('.wm-popup__title').textContent(), WAIT).toBe(title);
    await expect(popups().count()).resolves.toBe(1);
    await close();
  });

  it('takes the markers of hidden items away and brings them back', async () => {
    await server.configure({ clustering: false });
    await open();
    const all = (await placedItems(page)).length;
    await expect.poll(() => markers(page).count(), WAIT).toBe(all);
    const search = page.getByRole('searchbox', { name: 'Search the directory' });
    const [first] = await placedItems(page);
    await search.fill(first?.title ?? '');
    await expect.poll(() => markers(page).count(), WAIT).toBeLessThan(all);
    await expect(
      markers(page)
        .and(page.locator(`[alt="${first?.title}"]`))
        .count(),
    ).resolves.toBeGreaterThan(0);
    await search.fill('');
    await expect.poll(() => markers(page).count(), WAIT).toBe(all);
    await close();
  });

  it('gathers markers into clusters with counts, and zooms in on a cluster’s click', async () => {
    await server.configure({ clustering: true, fitBounds: false, latitude: 20, longitude: 0, zoom: 2 });
    await open();
    const placed = (await placedItems(page)).length;
    const clusters = page.locator('.wm-cluster');
    await expect.poll(() => clusters.count(), WAIT).toBeGreaterThan(0);
    const counted = async () =>
      (await clusters.allTextContents()).reduce((sum, text) => sum + Number(text), 0) + (await markers(page).count());
    await expect.poll(counted, WAIT).toBe(placed);

    const biggest = async () => Math.max(...(await clusters.allTextContents()).map(Number));
    const before = await biggest();
    const [label = ''] = (await uncovered(page, '.wm-cluster')).sort((a, b) => parseInt(b) - parseInt(a));
    const zoomBefore = await page
      .locator('.wm-map')
      .evaluate((el) => el.querySelector('.leaflet-proxy')?.getAttribute('style'));
    await page.getByRole('button', { name: label, exact: true }).first().click();
    await expect
      .poll(
        () => page.locator('.wm-map').evaluate((el) => el.querySelector('.leaflet-proxy')?.getAttribute('style')),
        WAIT,
      )
      .not.toBe(zoomBefore);
    await expect.poll(biggest, WAIT).toBeLessThanOrEqual(before);
    await expect.poll(counted, WAIT).toBeLessThanOrEqual(placed);
    await expectAccessible(page);
    await close();
  });

  it('draws the item popup’s map, 400 px high, when the popup map is on', async () => {
    await server.configure({ clustering: false });
    await open();
    const item = page.locator('li.dir-item[data-latlon]:not([data-latlon=""])').first();
    const title = (await item.getAttribute('data-title')) ?? '';
    await item.getByRole('button', { name: `View details: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.locator('.qcpd-popup__map .wm-popup-map.leaflet-container').waitFor();
    // The layout height: the dialog's opening zoom scales what the screen shows for a moment.
    await expect(dialog.locator('.wm-popup-map').evaluate((el) => (el as HTMLElement).offsetHeight)).resolves.toBe(400);
    await still(page);
    await expectAccessible(page);
    await close();
  });
});
