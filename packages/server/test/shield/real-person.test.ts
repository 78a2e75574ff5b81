import { ctPublic, shieldSettings } from '@waymark/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { realPersonConfig } from '../../src/shield/real-person.js';
import { writeSetting } from '../../src/settings/store.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

/** The page's `ctPublic` global, as a page script would read it. */
function printedCtPublic(html: string): unknown {
  const json = /var ctPublic=(\{.*?\});<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no ctPublic in the page');
  return ctPublic.parse(JSON.parse(json));
}
/** The React page context the page hydrates from. */
function pageContext(html: string): { shield: { theRealPerson: unknown } } {
  const json = /<script type="application\/json" id="waymark-page">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return JSON.parse(json) as { shield: { theRealPerson: unknown } };
}

describe('the real-person badge configuration', () => {
  it('is the badge texts, our own pictures and our own page, or null when the badge is off', () => {
    const defaults = shieldSettings.schema.parse({});
    expect(realPersonConfig(defaults)).toEqual({
      phrases: {
        trpHeading: 'The Real Person!',
        trpContent1: "Author's verdict: a real person, not a bot.",
        trpContent2: "Passed the site's spam shield without a puzzle.",
        trpContentLearnMore: 'Learn more',
      },
      trpContentLink: '/about/spam-shield',
      imgPersonUrl: '/shield/real-person.svg',
      imgShieldUrl: '/shield/real-person-shield.svg',
    });
    expect(realPersonConfig({ ...defaults, realPersonBadge: false })).toBeNull();
    expect(() => shieldSettings.schema.parse({ realPersonHeading: '   ' })).toThrow();
  });
});

describe.each(DIALECTS)('the real-person badge in pages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await writeSetting(t.app.storage, shieldSettings, {});
    await t.app.shield.reloadSettings();
  });

  it('prints ctPublic.theRealPerson when the badge is on, with the configured texts', async () => {
    await writeSetting(t.app.storage, shieldSettings, { realPersonHeading: 'A person wrote this' });
    await t.app.shield.reloadSettings();
    const res = await t.app.inject('/suggest');
    expect(res.statusCode).toBe(200);
    const printed = printedCtPublic(res.body) as { theRealPerson?: { phrases: { trpHeading: string } } };
    expect(printed.theRealPerson?.phrases.trpHeading).toBe('A person wrote this');
    expect(printed.theRealPerson).toMatchObject({ trpContentLink: '/about/spam-shield' });
    expect(pageContext(res.body).shield.theRealPerson).toEqual(printed.theRealPerson);
  });

  it('leaves theRealPerson out of the page when the badge is off', async () => {
    await writeSetting(t.app.storage, shieldSettings, { realPersonBadge: false });
    await t.app.shield.reloadSettings();
    const res = await t.app.inject('/suggest');
    expect(res.statusCode).toBe(200);
    expect(printedCtPublic(res.body)).not.toHaveProperty('theRealPerson');
    expect(res.body).not.toContain('trpHeading');
    expect(pageContext(res.body).shield.theRealPerson).toBeNull();
  });

  it('serves both pictures itself, as SVG', async () => {
    for (const url of ['/shield/real-person.svg', '/shield/real-person-shield.svg']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).not.toMatch(/<script|href=/i);
    }
  });

  it('has the page the learn-more link leads to, with the badge on it', async () => {
    const res = await t.app.inject('/about/spam-shield');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('About the spam shield');
    expect(res.body).toContain('class="shield-trp__button"');
    expect(res.body).toContain('aria-label="The Real Person!"');
  });
});
