import { describe, expect, it } from 'vitest';
import { expectAccessible, waitForHydration } from './support/browser.js';
import { directoryData } from './support/directory.js';
import { withBrowser } from './support/with-browser.js';

/** Issue 11: an item's page names its town once, not "Corso Italia 144, Rome, Rome". */
describe('an item’s own page', () => {
  const site = withBrowser();

  it('shows the address with its locality once', async () => {
    const home = await site.visit('/');
    const data = await directoryData(home.page);
    await home.close();
    // Demo addresses end with their city, which is also the item's locality.
    const item = data.items.find((i) => i[5] !== '' && i[4].endsWith(`, ${i[5]}`));
    if (!item) throw new Error('no item whose address names its locality');
    const [id, , , , address] = item;

    const tracked = await site.visit(`/items/${id}`);
    const { page } = tracked;
    await waitForHydration(page);
    const facts = page.locator('.item-page__facts');
    const shown = await facts
      .locator('dt', { hasText: 'Address' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    expect(shown).toBe(address);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();
  });
});
