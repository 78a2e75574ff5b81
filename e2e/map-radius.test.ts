import { DIRECTORY, DIRECTORY_TEXTS, directorySettings, GEOCODER_SEARCH_PATH } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { markers, placedItems, startMapServer, type MapServer } from './support/map-server.js';
import { withBrowser } from './support/with-browser.js';

/** How long a poll waits: the map's code, the geocoder and the no-result heading's 1.5 s. */
const WAIT = { timeout: 20_000 };

interface Place {
  display_name: string;
  lat: string;
  lon: string;
}

/** Great-circle distance in km, as the radius search measures it. */
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/**
 * Issue 12: the radius search panel in km and miles with every message, and the address
 * suggestions under its location box, by mouse and by keyboard.
 */
describe('the radius search and address suggestions', { timeout: 240_000 }, () => {
  const site = withBrowser();
  const texts = directorySettings.schema.parse({});
  let server: MapServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startMapServer();
    await server.configure({ clustering: false });
  });
  afterAll(async () => server?.stop());

  async function open() {
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    await page.goto(server.address());
    await waitForHydration(page);
    await page.locator('.wm-map.leaflet-container').waitFor();
  }
  async function close() {
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  }
  const location = () => page.getByRole('combobox', { name: 'Location' });
  const options = () => page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  const find = () => page.getByRole('button', { name: 'Find', exact: true });
  const geocode = async (q: string): Promise<Place[]> =>
    (
      await fetch(`${server.url}${GEOCODER_SEARCH_PATH}?format=json&limit=10&q=${encodeURIComponent(q)}`)
    ).json() as Promise<Place[]>;
  /** A town of the directory: the locality of the first item with a position. */
  const town = async () => {
    const [first] = await placedItems(page);
    const locality = await page.locator(`#item-${first?.id}`).getAttribute('data-local');
    return locality ?? '';
  };

  it('says what is missing, in the configured texts', async () => {
    await open();
    await find().click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: texts.missingLocationText }).count(), WAIT)
      .toBe(1);
    await location().fill('Somewhere');
    await find().click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: texts.missingDistanceText }).count(), WAIT)
      .toBe(1);
    await expectAccessible(page);
    await close();
  });

  it('suggests addresses as the APG combobox does, by keyboard and by mouse', async () => {
    await open();
    const name = await town();
    await location().click();
    await page.keyboard.type(name, { delay: 40 });
    await expect.poll(() => options().count(), WAIT).toBeGreaterThan(0);
    const count = await options().count();
    expect(count).toBeLessThanOrEqual(DIRECTORY.geocodeSuggestionLimit);
    await expect(location().getAttribute('aria-expanded')).resolves.toBe('true');
    await expect
      .poll(() => page.locator('.wm-radius [role="status"]').textContent(), WAIT)
      .toBe(`${count} results are available`);
    await page.keyboard.press('ArrowDown');
    const active = await location().getAttribute('aria-activedescendant');
    await expect(page.locator(`#${active}`).getAttribute('aria-selected')).resolves.toBe('true');
    const chosen = (await page.locator(`#${active}`).textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(location().inputValue()).resolves.toBe(chosen);
    await expect(location().getAttribute('aria-expanded')).resolves.toBe('false');

    await location().fill('');
    await page.keyboard.type(name.slice(0, 3), { delay: 40 });
    await expect.poll(() => options().count(), WAIT).toBeGreaterThan(0);
    const second = options().nth((await options().count()) > 1 ? 1 : 0);
    const text = (await second.textContent()) ?? '';
    await second.click();
    await expect(location().inputValue()).resolves.toBe(text);
    await expectAccessible(page);

    await location().fill('');
    await page.keyboard.type('Qqxzv Nowhere', { delay: 20 });
    await expect.poll(() => page.getByText(DIRECTORY_TEXTS.noAddressResults).count(), WAIT).toBe(1);
    await expect.poll(() => page.locator('.wm-radius [role="status"]').textContent(), WAIT).toBe('No search results.');
    // The message fades and goes after 3 s.
    await expect.poll(() => page.getByText(DIRECTORY_TEXTS.noAddressResults).count(), WAIT).toBe(0);
    await close();
  });

  for (const unit of ['km', 'miles'] as const) {
    it(`shows only the items within the radius in ${unit}, and clear brings every one back`, async () => {
      await open();
      const placed = await placedItems(page);
      const name = await town();
      const [centre] = await geocode(name);
      expect(centre).toBeDefined();
      await location().click();
      await page.keyboard.type(name, { delay: 40 });
      await expect.poll(() => options().count(), WAIT).toBeGreaterThan(0);
      await options().first().click();
      await page.getByLabel('Distance', { exact: true }).fill(unit === 'km' ? '60' : '40');
      await page.getByLabel('Unit', { exact: true }).selectOption(unit);
      await find().click();

      // 40 miles is 64.37 km, truncated to 64; 60 km stays 60.
      const radius = unit === 'km' ? 60 : Math.trunc(40 * DIRECTORY.milesToKm);
      const [lat, lon] = [Number(centre?.lat), Number(centre?.lon)];
      const inside = placed.filter((item) => km(lat, lon, item.lat, item.lon) <= radius - 0.5);
      const near = placed.filter((item) => km(lat, lon, item.lat, item.lon) <= radius + 0.5);
      expect(inside.length).toBeGreaterThan(0);
      await expect.poll(() => markers(page).count(), WAIT).toBeLessThanOrEqual(near.length);
      expect(await markers(page).count()).toBeGreaterThanOrEqual(inside.length);
      for (const latlon of await page
        .locator('li.dir-item:not([hidden])')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-latlon') ?? ''))) {
        const [y, x] = latlon.split(',').map(Number);
        expect(km(lat, lon, y as number, x as number)).toBeLessThanOrEqual(radius + 0.5);
      }
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect.poll(() => markers(page).count(), WAIT).toBe(placed.length);
      await close();
    });
  }

  it('says so in a heading when no item is inside', async () => {
    await open();
    const placed = await placedItems(page);
    // A town far from every item of the directory.
    let far = '';
    for (const candidate of ['Ushuaia', 'Nuuk', 'Longyearbyen', 'Hobart', 'Anchorage', 'Punta Arenas']) {
      const [place] = await geocode(candidate);
      if (!place) continue;
      const nearest = Math.min(...placed.map((item) => km(Number(place.lat), Number(place.lon), item.lat, item.lon)));
      if (nearest > 100) {
        far = candidate;
        break;
      }
    }
    expect(far).not.toBe('');
    await location().fill(far);
    await page.getByLabel('Distance', { exact: true }).fill('20');
    await find().click();
    const heading = page.getByRole('heading', { name: texts.noResultsText });
    await expect.poll(() => heading.count(), WAIT).toBe(1);
    await expect(markers(page).count()).resolves.toBe(0);
    await still(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(heading.count()).resolves.toBe(0);
    await expect.poll(() => markers(page).count(), WAIT).toBe(placed.length);
    await close();
  });

  it('suggests addresses in the add-business form and keeps the chosen place’s position', async () => {
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    await page.goto(server.address('/add-business'));
    await waitForHydration(page);
    const address = page.getByRole('combobox', { name: 'Address' });
    await address.click();
    await page.keyboard.type('Paris', { delay: 40 });
    await expect.poll(() => options().count(), WAIT).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(address.inputValue()).resolves.toContain('Paris');
    await expect(page.locator('input[name="address_lat"]').inputValue()).resolves.not.toBe('');
    await expect(page.locator('input[name="address_lon"]').inputValue()).resolves.not.toBe('');
    await expectAccessible(page);
    await close();
  });
});
