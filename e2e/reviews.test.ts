import { REVIEW_TEXTS, SHIELD } from '@waymark/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './global-setup.js';
import { answerCaptcha } from './support/admin.js';
import { expectAccessible, still, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser, type BrowserSuite } from './support/with-browser.js';
import { clickAsPerson, typeAsPerson, wanderAsPerson } from './support/person.js';

/**
 * Reviews in Chromium: the spam shield decides whether a review is published at once (a person
 * beyond doubt, with the real-person badge) or held for an administrator, who publishes it.
 */

/** A person's browser: unlike this automated one, it does not announce `navigator.webdriver`. */
// As text, so nothing the test runner adds to a compiled function (such as a name helper) reaches the page.
const PERSONS_BROWSER = { content: "Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });" };

/** Types like a person: a click into the field, then the keys as a hand presses them. */
async function typeInto(page: Page, label: string, text: string) {
  await clickAsPerson(page.getByLabel(label));
  await typeAsPerson(page, text);
}

async function writeReview(page: Page, author: string, body: string) {
  await wanderAsPerson(page);
  await typeInto(page, 'Your name (required)', author);
  await typeInto(page, 'Your review (required)', body);
  await page.mouse.move(300, 420, { steps: 5 });
  await page.waitForTimeout(1_200);
  await clickAsPerson(page.getByRole('button', { name: 'Post review' }));
}

/** The first item's page, reached the way a visitor does: from its card in the directory. */
async function openFirstItem(site: BrowserSuite, person = false): Promise<TrackedPage> {
  const tracked = await site.open();
  if (person) await tracked.page.addInitScript(PERSONS_BROWSER);
  await tracked.page.goto(site.baseUrl);
  await waitForHydration(tracked.page);
  await tracked.page
    .getByRole('link', { name: /^Reviews of / })
    .first()
    .click();
  await tracked.page.waitForURL(/\/items\/\d+#reviews$/);
  await waitForHydration(tracked.page);
  return tracked;
}

const reviewBy = (page: Page, author: string) => page.getByRole('article', { name: author });
const badgeOf = (review: Locator) => review.getByRole('button', { name: 'The Real Person!' });

describe('reviews', () => {
  const site = withBrowser({ judged: true });

  it('holds a review from an automated browser until an administrator publishes it', async () => {
    const visitor = await openFirstItem(site);
    const { page } = visitor;
    const itemUrl = page.url().replace(/#.*$/, '');
    await expectAccessible(page);
    await writeReview(page, 'Hannah Headless', 'The bread was still warm at five.');
    await page.getByText(REVIEW_TEXTS.held).waitFor();
    expect(await reviewBy(page, 'Hannah Headless').count()).toBe(0);
    await expectAccessible(page);
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    // The administrator signs in as the site's staff, where the shield trusts the address.
    const admin = await site.open();
    const a = admin.page;
    await site.go(a, `${site.trustedUrl}/login?next=%2Fadmin%2Freviews`);
    await a.mouse.move(200, 200, { steps: 5 });
    await a.getByLabel('E-mail address').click();
    await a.keyboard.type(ADMIN.email, { delay: 40 });
    await a.getByLabel('Password').click();
    await a.keyboard.type(ADMIN.password, { delay: 40 });
    await answerCaptcha(a);
    await a.getByRole('button', { name: 'Sign in' }).click();
    await a.waitForURL(`${site.trustedUrl}/admin/reviews`);
    await waitForHydration(a);
    expect(await a.getByRole('link', { name: /^Held \(\d+\)$/ }).getAttribute('aria-current')).toBe('page');
    const held = reviewBy(a, 'Hannah Headless');
    expect(await held.textContent()).toContain('The browser reports that it is automated.');
    await expectAccessible(a);
    // No badge: the shield had a doubt about this author.
    expect(await badgeOf(held).count()).toBe(0);
    await held.getByRole('button', { name: 'Publish' }).click();
    await a.getByText('The review is published.').waitFor();
    expect(await reviewBy(a, 'Hannah Headless').count()).toBe(0);
    await expectAccessible(a);

    // The published ones include seeded authors the shield judged people: their badge links to what it means.
    await a.getByRole('link', { name: /^Published \(\d+\)$/ }).click();
    await waitForHydration(a);
    await a.getByRole('button', { name: 'The Real Person!' }).first().click();
    const learnMore = a.getByRole('dialog', { name: 'The Real Person!' }).getByRole('link', { name: 'Learn more' });
    expect(await learnMore.getAttribute('href')).toBe('/about/spam-shield');
    await still(a);
    await expectAccessible(a);
    expect(admin.errors).toEqual([]);
    await admin.close();

    const later = await site.visit(itemUrl);
    expect(await reviewBy(later.page, 'Hannah Headless').textContent()).toContain('The bread was still warm at five.');
    await later.close();
  });

  it('publishes a person’s review at once with the badge; its popup opens and closes as specified', async () => {
    const tracked = await openFirstItem(site, true);
    const { page } = tracked;
    const itemUrl = page.url().replace(/#.*$/, '');
    await writeReview(page, 'Pat Person', 'Kind staff. Ask for Jo on 020 7946 0999.');
    await page.getByText(REVIEW_TEXTS.published).waitFor();
    const review = reviewBy(page, 'Pat Person');
    await review.waitFor();
    expect(await badgeOf(review).count()).toBe(1);
    // The phone in it is encoded, as everywhere for visitors.
    expect(await review.textContent()).not.toContain('7946 0999');
    await expectAccessible(page);
    // axe-core runs on timers of its own, so the popup is checked here, before the page's clock is paused.
    await badgeOf(review).click();
    await page.getByRole('dialog', { name: 'The Real Person!' }).waitFor();
    await still(page);
    await expectAccessible(page);
    expect(tracked.errors).toEqual([]);
    await tracked.close();

    // The popup's timing, on the page's own clock.
    const later = await site.open({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    const p = later.page;
    await p.clock.install();
    await p.goto(itemUrl);
    await waitForHydration(p);
    await p.clock.pauseAt(Date.now() + 60_000);
    const badge = badgeOf(reviewBy(p, 'Pat Person'));
    const popup = p.getByRole('dialog', { name: 'The Real Person!' });
    const shown = () => popup.count();

    // Hover: opens after the tooltip delay; leaving: closes about 1 s later.
    await p.mouse.move(20, 20);
    await badge.hover();
    await p.clock.runFor(SHIELD.tooltip.delayMs - 1);
    expect(await shown()).toBe(0);
    await p.clock.runFor(1);
    await popup.waitFor();
    expect(await popup.textContent()).toContain('a real person, not a bot');
    // Visitors get no learn-more link; administrators do (checked on the moderation screen).
    expect(await popup.getByRole('link').count()).toBe(0);
    await p.mouse.move(20, 20);
    await p.clock.runFor(SHIELD.badgeHideDelayMs - 1);
    expect(await shown()).toBe(1);
    await p.clock.runFor(1);
    await popup.waitFor({ state: 'detached' });

    // Click: opens at once; a click outside closes it. Esc closes it too.
    await badge.click();
    await popup.waitFor();
    await p.mouse.click(20, 400);
    await popup.waitFor({ state: 'detached' });
    await badge.click();
    await popup.waitFor();
    await p.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(later.errors).toEqual([]);
    await later.close();

    // Touch: a tap opens it; it closes 3 s after the finger lifts.
    const touch = await site.open({ hasTouch: true, reducedMotion: 'reduce' });
    const tp = touch.page;
    await tp.clock.install();
    await tp.goto(itemUrl);
    await waitForHydration(tp);
    await tp.clock.pauseAt(Date.now() + 60_000);
    const touchPopup = tp.getByRole('dialog', { name: 'The Real Person!' });
    await badgeOf(reviewBy(tp, 'Pat Person')).tap();
    await touchPopup.waitFor();
    await tp.clock.runFor(SHIELD.badgeHideDelayTouchMs - 1);
    expect(await touchPopup.count()).toBe(1);
    await tp.clock.runFor(1);
    await touchPopup.waitFor({ state: 'detached' });
    expect(touch.errors).toEqual([]);
    await touch.close();
  });
});
