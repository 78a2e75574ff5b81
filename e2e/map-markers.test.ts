import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { markers, placedItems, scrollToMap, startMapServer, uncovered, type MapServer } from './support/map-server.js';
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

  async function open(viewport = { width: 1280, height: 900 }) {
    tracked = await site.open({ viewport });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    await page.goto(server.address());
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();
    await scrollToMap(page);
  }
  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  const popups = () => page.locator('.leaflet-popup');
  /** The full-screen map's area covers the window less any scroll bar, exactly; answers its height. */
  async function expectFullWindow(area: Locator): Promise<number> {
    const [width, height] = await page.evaluate(() => [
      document.documentElement.clientWidth,
      document.documentElement.clientHeight,
    ]);
    const rounded = async () => {
      const box = await area.boundingBox();
      return box && [box.x, box.y, box.width, box.height].map(Math.round);
    };
    await expect.poll(rounded, WAIT).toEqual([0, 0, width, height]);
    // Nothing of the page (its sticky header) is drawn over it.
    const top = await page.evaluate(
      () => document.elementFromPoint(innerWidth / 2, 1)?.closest('.wm-map-area') !== null,
    );
    expect(top).toBe(true);
    return height ?? 0;
  }
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
    await page.goto(server.address());
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();

    await scrollToMap(page);
    const placed = await placedItems(page);
    await expect.poll(() => markers(page).count(), WAIT).toBe(placed.length);
    await expect.poll(() => offline.length, WAIT).toBeGreaterThan(0);
    expect(tiles).toEqual([]);
    await expect(page.locator('.leaflet-control-attribution').textContent()).resolves.toContain('Natural Earth');

    const [first] = await uncovered(page, '.wm-map img.leaflet-marker-icon');
    await marker(first).hover();
    await expect.poll(() => popups().count(), WAIT).toBe(1);
    await expect(popups().locator('.wm-popup__title').textContent()).resolves.toBe(first);
    const directions = popups().getByRole('link', { name: 'Directions' });
    await expect(directions.getAttribute('target')).resolves.toBe('_blank');
    await expect(directions.getAttribute('rel')).resolves.toBe('noopener');

    await page.mouse.move(5, 5);
    // Picked now: the open popup covers markers around the first, and its pan moved them all.
    const second = (await uncovered(page, '.wm-map img.leaflet-marker-icon')).find((name) => name !== first);
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

  it('draws dots on the canvas that open their popups on hover, and reaches them by keyboard', async () => {
    await server.configure({ clustering: false, globalMarker: '' });
    await open();
    const keys = page.getByRole('list', { name: 'Places on the map' });
    await expect.poll(() => keys.getByRole('button').count(), WAIT).toBeGreaterThan(1);
    // The list stays out of sight until the keyboard reaches it, after the radius search.
    await expect(keys.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).focus();
    await page.keyboard.press('Tab');
    const first = keys.getByRole('button').first();
    await expect(first.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(keys.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBeGreaterThan(50);
    const ring = page.locator('.wm-map__focus');
    await expect(ring.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => popups().locator('.wm-popup__title').textContent(), WAIT).toBe(await first.textContent());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const second = keys.getByRole('button').nth(1);
    await expect.poll(() => popups().locator('.wm-popup__title').textContent(), WAIT).toBe(await second.textContent());
    await expect(popups().count()).resolves.toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => popups().count(), WAIT).toBe(0);

    // The pointer finds a dot where the keyboard's ring showed it, if nothing is drawn over it.
    const dots = await keys.getByRole('button').allTextContents();
    let hovered = '';
    for (const [at, title] of dots.entries()) {
      await keys.getByRole('button').nth(at).focus();
      const box = await ring.boundingBox();
      if (!box) continue;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.keyboard.press('Escape');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const onCanvas = await page.evaluate(
        ([px, py]) => {
          const hit = document.elementFromPoint(px as number, py as number);
          return hit instanceof HTMLCanvasElement && hit.closest('.leaflet-wm-points-pane') !== null;
        },
        [x, y],
      );
      if (!onCanvas) continue;
      await page.mouse.move(x, y);
      hovered = title;
      break;
    }
    expect(hovered).not.toBe('');
    // The dot there, or one drawn on top of it at the same spot.
    await expect.poll(() => popups().count(), WAIT).toBe(1);
    await expect(dots).toContain(await popups().locator('.wm-popup__title').textContent());
    await close();
  });

  it('builds each tab’s own map when the tab is first shown, with the full-screen and filter buttons', async () => {
    await server.configure({ clustering: false, fullscreenButton: true, toggleFilterButton: true });
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    await page.goto(server.address('/categories'));
    await waitForHydration(page);
    const maps = page.locator('.wm-map.leaflet-container');
    const shown = page.locator('.wm-map.leaflet-container:not([hidden])');
    await maps.first().waitFor();
    await expect(maps.count()).resolves.toBe(1);
    const tabs = page.getByRole('tab');
    await tabs.nth(1).click();
    await expect.poll(() => maps.count(), WAIT).toBe(2);
    await expect(shown.count()).resolves.toBe(1);
    await tabs.nth(0).click();
    await expect.poll(() => shown.getAttribute('data-tab'), WAIT).toBe(await maps.first().getAttribute('data-tab'));
    await expect(maps.count()).resolves.toBe(2);

    const searches = page.locator('.dir-search:visible');
    const visibleSearches = await searches.count();
    expect(visibleSearches).toBeGreaterThan(0);
    const hide = page.getByRole('button', { name: 'Hide filters' });
    await expect(hide.getAttribute('aria-expanded')).resolves.toBe('true');
    await hide.click();
    await expect.poll(() => searches.count(), WAIT).toBe(0);
    const show = page.getByRole('button', { name: 'Show filters' });
    await expect(show.getAttribute('aria-expanded')).resolves.toBe('false');
    await show.click();
    await expect.poll(() => searches.count(), WAIT).toBe(visibleSearches);

    await page.getByRole('button', { name: 'Full screen map' }).click();
    const exit = page.getByRole('button', { name: 'Exit full screen' });
    await expect(exit.getAttribute('aria-pressed')).resolves.toBe('true');
    const area = page.getByRole('region', { name: 'Map of the directory' });
    const windowHeight = await expectFullWindow(area);
    await expect.poll(async () => (await shown.boundingBox())?.height ?? 0, WAIT).toBeGreaterThan(600);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Full screen map' }).count(), WAIT).toBe(1);
    await expect.poll(async () => (await area.boundingBox())?.height ?? windowHeight, WAIT).toBeLessThan(windowHeight);
    await close();
  });

  it('covers the whole window in full screen with the map on the right of a wide screen too', async () => {
    await server.configure({ clustering: false, fullscreenButton: true, map_position: 'right' });
    await open();
    const area = page.getByRole('region', { name: 'Map of the directory' });
    const before = await area.boundingBox();
    await page.getByRole('button', { name: 'Full screen map' }).click();
    await expectFullWindow(area);
    await page.keyboard.press('Escape');
    await expect.poll(() => area.boundingBox(), WAIT).toEqual(before);
    await close();
  });

  it('shows the keyboard’s list of places below a phone’s map, clear of the popup it opens', async () => {
    await server.configure({ clustering: false, globalMarker: '' });
    await open({ width: 390, height: 844 });
    const keys = page.getByRole('list', { name: 'Places on the map' });
    await expect.poll(() => keys.getByRole('button').count(), WAIT).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Clear', exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => popups().count(), WAIT).toBe(1);
    const map = await page.locator('.wm-map:not([hidden])').boundingBox();
    const list = await keys.boundingBox();
    const popup = await popups().boundingBox();
    expect(map && list && popup).toBeTruthy();
    if (!map || !list || !popup) return;
    expect(list.y).toBeGreaterThanOrEqual(map.y + map.height);
    expect(list.y).toBeGreaterThanOrEqual(popup.y + popup.height);
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
