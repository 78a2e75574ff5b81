import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The real-person badge in Chromium, on the page its learn-more link leads to (which shows one):
 * server-rendered and hydrated without a console error, opened by hover and by the keyboard,
 * closed by Esc and by the pointer leaving, and no axe violation open or closed.
 */
describe('real-person badge', () => {
  const site = withBrowser();

  it('opens on hover and on keyboard focus, closes on Esc and when the pointer leaves', async () => {
    const { page, errors, close } = await site.visit('/about/spam-shield', { viewport: { width: 1280, height: 900 } });
    try {
      const badge = page.getByRole('button', { name: 'The Real Person!' });
      const popup = page.getByRole('dialog', { name: 'The Real Person!' });
      expect(await badge.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('img.shield-trp__icon').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
      await expectAccessible(page);

      await page.mouse.move(40, 40, { steps: 4 });
      await badge.hover();
      await popup.waitFor();
      expect(await popup.textContent()).toContain("Author's verdict: a real person, not a bot.");
      expect(await badge.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page);
      await page.mouse.move(40, 40, { steps: 4 });
      await popup.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Waymark' }).first().focus();
      await badge.focus();
      await popup.waitFor();
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('The Real Person!');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
