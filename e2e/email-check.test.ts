import { shieldSettings, SIGNAL } from '@waymark/protocol';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../packages/server/src/db/connect.js';
import { writeSetting } from '../packages/server/src/settings/store.js';
import { startDnsServer, type TestDnsServer } from '../packages/server/test/support/dns-server.js';
import { startServer, type RunningServer } from '../tools/start-server.js';
import { expectAccessible, waitForHydration, type TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * The e-mail-exists indicator in Chromium, on a server of its own that asks a real DNS server on
 * loopback: a person types addresses into the suggestion form and sees the icon wait for the
 * DNS answer (load), then good for a domain with MX, bad for a domain that cannot receive mail
 * or is disposable, each with the server's sentence as its hover text; an emptied field loses it.
 */

let releaseSlow: () => void = () => {};
const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
const ZONES = {
  'waymark-post.org': { mx: ['mx.waymark-post.org'] },
  'waymark-records.net': { a: ['192.0.2.10'] },
  'waymark-nomail.org': {},
  'waymark-slow.org': { mx: ['mx.waymark-slow.org'], hold: slowAnswer },
  // The server's DNS_CANARY: found, so this resolver's "no such domain" is a verdict.
  'waymark-canary.org': { mx: ['mx.waymark-canary.org'] },
};

describe('e-mail-exists indicator against a loopback DNS server', { timeout: 180_000 }, () => {
  const site = withBrowser();
  let dns: TestDnsServer;
  let server: RunningServer;
  let tracked: TrackedPage;
  let page: Page;

  beforeAll(async () => {
    dns = await startDnsServer(ZONES);
    server = await startServer(
      { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '15000', DNS_CANARY: 'waymark-canary.org', SEED_ITEMS: '20' },
      180_000,
    );
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      await writeSetting(storage, shieldSettings, { emailCheckExistPost: true });
    } finally {
      await storage.db.destroy();
    }
    tracked = await site.open({ viewport: { width: 1280, height: 900 } });
    page = tracked.page;
    page.setDefaultTimeout(20_000);
    // The server reads its shield settings again within a few seconds.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`${server.url}/suggest`);
      const on = await page.evaluate(
        () => (globalThis as { ctPublic?: Record<string, unknown> }).ctPublic?.data__email_check_exist_post,
      );
      if (on === 1) break;
      if (Date.now() > deadline) throw new Error('the server never turned the e-mail-exists check on');
      await page.waitForTimeout(1_000);
    }
    await waitForHydration(page);
    // A person's way onto the page: the pointer wanders a little before the form.
    for (const [x, y] of [
      [200, 150],
      [420, 260],
      [520, 380],
    ] as const) {
      await page.mouse.move(x, y, { steps: 6 });
    }
  });
  afterAll(async () => {
    releaseSlow();
    await tracked?.close();
    await server?.stop();
    await dns?.close();
  });

  const field = () => page.getByLabel('Contact e-mail');
  const icon = () => page.locator('.apbct-email-indicator');

  /** Clicks the field, types the address at a person's pace, and leaves the field with Tab. */
  async function enter(address: string) {
    const input = field();
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.press('Backspace');
    await input.pressSequentially(address, { delay: 60 });
    await input.press('Tab');
  }
  async function expectState(state: 'load' | 'good' | 'bad', description: string | RegExp) {
    await expect.poll(() => icon().getAttribute('data-state')).toBe(state);
    // The sentence is text beside its glyph, on one line under the field, and the field's description.
    const sentence = ((await icon().textContent()) ?? '').slice(1);
    if (typeof description === 'string') expect(sentence).toBe(description);
    else expect(sentence).toMatch(description);
    expect(await icon().getAttribute('title')).toBeNull();
    const described = (await field().getAttribute('aria-describedby')) ?? '';
    expect(described.split(' ')).toContain(await icon().getAttribute('id'));
    const [glyphBox, noteBox, fieldBox] = await Promise.all([
      icon().locator('[aria-hidden="true"]').boundingBox(),
      icon().boundingBox(),
      field().boundingBox(),
    ]);
    expect(glyphBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
    expect(glyphBox!.y - noteBox!.y).toBeLessThan(glyphBox!.height);
    await hover(icon());
    await expectAccessible(page);
  }
  const hover = (target: Locator) => target.hover();
  const checked = () =>
    page.evaluate((name) => {
      const raw = localStorage.getItem(`apbct:${name}`);
      return raw === null ? null : (JSON.parse(raw) as { value: Record<string, { result: string }> }).value;
    }, SIGNAL.checkedEmailsExist);

  it('waits for the DNS answer, then shows good for a domain with MX', async () => {
    // The form is wired a second after load; a person takes longer than that to get here.
    await page.waitForTimeout(1_500);
    await enter('ann@waymark-slow.org');
    await expectState('load', 'Checking the e-mail address…');
    releaseSlow();
    await expectState('good', 'The address looks deliverable.');
    expect(dns.queries).toContain('waymark-slow.org/15');
  });

  it('shows good for a domain that receives mail at its A record', async () => {
    await enter('bob@waymark-records.net');
    await expectState('good', 'The address looks deliverable.');
  });

  it('removes the icon when the field is emptied', async () => {
    await field().click();
    await field().press('ControlOrMeta+a');
    await field().press('Backspace');
    await expect.poll(() => icon().count()).toBe(0);
    await expectAccessible(page);
  });

  it('shows bad for a domain with neither MX nor A', async () => {
    await enter('cy@waymark-nomail.org');
    await expectState('bad', 'The domain waymark-nomail.org cannot receive e-mail.');
  });

  it('shows bad for a disposable domain', async () => {
    await enter('dee@mailinator.com');
    await expectState('bad', /disposable/);
  });

  it('keeps every result in ct_checked_emails_exist, and no error reached the console', async () => {
    expect(await checked()).toMatchObject({
      'ann@waymark-slow.org': { result: 'EXISTS' },
      'bob@waymark-records.net': { result: 'EXISTS' },
      'cy@waymark-nomail.org': { result: 'MX_FAIL' },
      'dee@mailinator.com': { result: 'NOT_EXISTS' },
    });
    expect(tracked.errors).toEqual([]);
  });
});
