import { shieldSettings, type ShieldSettings } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../../src/settings/store.js';
import { judge } from '../../src/shield/content/bayes.js';
import { findLinks } from '../../src/shield/content/links.js';
import { modelFor, teach } from '../../src/shield/content/model.js';
import { signatureOf, similarity } from '../../src/shield/content/near-duplicate.js';
import { judgeContent } from '../../src/shield/content/judge-content.js';
import { tokensOf } from '../../src/shield/content/tokens.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { DIALECTS } from '../support/storage.js';

/**
 * Issue 26, "content, judged locally": links from a sender with no history, blocked link
 * domains, near copies from anyone, and a statistical judge taught by the site's decisions.
 */

const REVIEW = 'Warm bread, a patient baker and coffee that tastes of something. We will be back on Sunday.';
const SPAM = 'Cheap viagra and casino bonus, free spins, no prescription, click here to win money fast';

describe('the content judge’s parts', () => {
  it('finds links as a reader would, by registrable domain, and leaves e-mail addresses and versions alone', () => {
    const links = findLinks([
      'see www.pills.co.uk/x, http://a.b.spam.example.com/?q=1 and lucky.xyz',
      'v1.2.3 me@x.org',
    ]);
    expect(links).toEqual({ count: 3, domains: ['pills.co.uk', 'example.com', 'lucky.xyz'] });
  });

  it('takes near copies for copies, whatever words were changed around them, and different texts for different', () => {
    const original = signatureOf(`${REVIEW} The cinnamon rolls sell out by ten, so come early.`);
    const edited = signatureOf(`Hello! ${REVIEW} The cinnamon rolls sell out by ten, so come early!!`);
    const other = signatureOf('The museum’s guided tour is short but the guide knows the history of every stone.');
    expect(original).toMatch(/^[0-9a-f]{256}$/);
    expect(similarity(original!, edited!)).toBeGreaterThanOrEqual(0.6);
    expect(similarity(original!, other!)).toBeLessThan(0.2);
    expect(signatureOf('Great place!')).toBeNull();
  });

  it('reads a review as not spam and spam as spam from the starter lessons alone, and says which words decided', async () => {
    const model = { spamTexts: 0, hamTexts: 0, counts: () => undefined };
    expect(judge(tokensOf([REVIEW], findLinks([REVIEW])), model).spamProbability).toBe(0.5);
    const t = await createTestApp('sqlite');
    try {
      const ofText = async (text: string) => {
        const tokens = tokensOf([text], findLinks([text]));
        return judge(tokens, await modelFor(t.app.storage, tokens));
      };
      expect((await ofText(REVIEW)).spamProbability).toBeLessThan(0.2);
      const spam = await ofText(SPAM);
      expect(spam.spamProbability).toBeGreaterThan(0.9);
      expect(spam.clues.slice(0, 6).map((c) => c.token)).toEqual(expect.arrayContaining(['cheap', 'casino']));
    } finally {
      await t.close();
    }
  });
});

describe.each(DIALECTS)('the content judge on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  const settings = () => t.app.shield.settings();
  const run = (text: string, senders = ['visitor-a'], form: 'review' | 'sign-in' = 'review') =>
    judgeContent(t.app, form, [{ field: 'body', text }], { senders, settings: settings() });

  it('learns from decisions, and a changed mind moves the counts instead of adding to them', async () => {
    const text = 'Our quarterly newsletter about marmalade tariffs and shipping containers in Rotterdam';
    const counts = async () =>
      (
        await t.app.storage.db
          .selectFrom('shield_content_tokens')
          .selectAll()
          .where('token', '=', 'marmalade')
          .execute()
      )[0];
    await teach(t.app.storage, 'review:1', [text], 'spam');
    await teach(t.app.storage, 'review:1', [text], 'spam');
    expect(await counts()).toMatchObject({ spam: 1, ham: 0 });
    await teach(t.app.storage, 'review:1', [text], 'ham');
    expect(await counts()).toMatchObject({ spam: 0, ham: 1 });
    for (let i = 2; i < 6; i += 1) await teach(t.app.storage, `review:${i}`, [`${text} issue ${i}`], 'spam');
    const verdict = await run(`${text} — the new issue is out`, ['visitor-learnt']);
    expect(verdict.spamProbability).toBeGreaterThan(0.8);
    expect(verdict.features).toContain('marmalade');
  });

  it('holds links from a sender with no history, and not from one whose post went through', async () => {
    expect((await run('Visit cheap-pills.xyz for deals on everything', ['newcomer'])).reasons).toContain(
      'links_first_post',
    );
    await t.app.state.hit('shield:history:regular', 3_600);
    expect((await run('The menu is on their site, menu.example.org', ['regular'])).reasons).not.toContain(
      'links_first_post',
    );
  });

  it('names a near copy from another sender, never the sender’s own post sent again', async () => {
    const text = `${REVIEW} The rye loaf keeps for days and the prices are fair for the quality.`;
    expect((await run(text, ['first-sender'])).reasons).not.toContain('content_duplicate');
    expect((await run(text, ['first-sender'])).reasons).not.toContain('content_duplicate');
    const copy = await run(`${text} Five stars.`, ['second-sender']);
    expect(copy.reasons).toContain('content_duplicate');
    expect(copy.features).toMatch(/near copy 0\.\d\d/);
  });

  it('refuses a link to a blocked domain, and reads no form without free text', async () => {
    const set = async (value: Partial<ShieldSettings>) => {
      await writeSetting(t.app.storage, shieldSettings, value);
      await t.app.shield.reloadSettings();
    };
    await set({ blockedEmailDomains: ['spam.example'] });
    try {
      expect((await run('details at https://www.spam.example/offer', ['regular'])).reasons).toContain(
        'blocked_link_domain',
      );
    } finally {
      await set({});
    }
    expect(await run(SPAM, ['x'], 'sign-in')).toEqual({ reasons: [], spamProbability: null, features: '', links: 0 });
  });
});
