import type { Locator, Page } from 'playwright-core';

/**
 * A person's hand, for tests that stand for people: the spam shield weighs how keys and the
 * pointer move, and an automation's fixed delays and straight lines read as a robot's.
 */

/**
 * Types the text with each key held down a while and uneven gaps between keys, and a capital
 * with Shift pressed first and held, as a keyboard sends it.
 */
export async function typeAsPerson(page: Page, text: string): Promise<void> {
  for (const [i, key] of [...text].entries()) {
    const capital = key !== key.toLowerCase();
    if (capital) {
      await page.keyboard.down('Shift');
      // A hand presses Shift a moment before its letter; a tool sends the two at once.
      await page.waitForTimeout(50 + ((i * 23) % 60));
    }
    await page.keyboard.down(key);
    await page.waitForTimeout(60 + ((i * 29) % 50));
    await page.keyboard.up(key);
    if (capital) await page.keyboard.up('Shift');
    await page.waitForTimeout(40 + ((i * 37) % 70));
  }
}

/** Moves the pointer along a curve at an uneven pace. */
export async function wanderAsPerson(page: Page): Promise<void> {
  for (let i = 0; i <= 24; i++) {
    await page.mouse.move(160 + i * 11 + Math.sin(i / 3) * 25, 140 + i * 7 + Math.cos(i / 4) * 30);
    await page.waitForTimeout(12 + ((i * 23) % 30));
  }
}

/**
 * Clicks a control where a hand lands on it: off its middle by up to a quarter of its size (at
 * most 9 px across and 5 px down), as aim scatters. An automation's click lands on the middle
 * itself, which the shield reads as a script's aim.
 */
export async function clickAsPerson(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) return locator.click();
  const x = box.width / 2 - Math.min(9, box.width / 4);
  const y = box.height / 2 + Math.min(5, box.height / 4);
  await locator.click({ position: { x, y } });
}
