import { SIGNAL, TELL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSpamLog } from '../../src/shield/spam-log.js';
import { getAs, postAs, signedIn, type Person } from '../admin/back-office/staff.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { postSuggest } from './suggest-post.js';

/**
 * Issue 26: an administrator's "Spam" and "Not spam" in the spam log teach the content judge
 * with what the visitor wrote, and "Not spam" trusts the visitor; a changed mind replaces the
 * lesson and the trust; nobody else may decide.
 */
describe('decisions in the spam log', () => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = await signedIn(t, 'administrator', 'admin@decisions.test');
    editor = await signedIn(t, 'editor', 'editor@decisions.test');
  });
  afterAll(async () => t?.close());

  it('keeps what was written, and turns a decision into a lesson an administrator can change', async () => {
    await postSuggest(
      t.app,
      { ...(await shieldFields(t.app)), note: 'Marmalade tariffs in Rotterdam, weekly' },
      '10.9.0.1',
    );
    const [entry] = await listSpamLog(t.app.storage, 1);
    expect(entry?.content).toContain('Marmalade tariffs in Rotterdam');
    expect(entry?.lesson).toBeNull();
    const url = `/admin/spam-log/${entry!.id}`;

    expect((await postAs(t, editor, url, { decision: 'spam' })).statusCode).toBe(404);
    const decided = await postAs(t, admin, url, { decision: 'spam' });
    expect(decided.headers.location).toBe(`/admin/spam-log?done=spam#entry-${entry!.id}`);
    expect((await listSpamLog(t.app.storage, 1))[0]?.lesson).toBe('spam');
    const counts = () =>
      t.app.storage.db
        .selectFrom('shield_content_tokens')
        .select(['spam', 'ham'])
        .where('token', '=', 'marmalade')
        .executeTakeFirst();
    expect(await counts()).toEqual({ spam: 1, ham: 0 });

    await postAs(t, admin, url, { decision: 'ham' });
    expect(await counts()).toEqual({ spam: 0, ham: 1 });
    const page = await getAs(t, admin, '/admin/spam-log?done=ham');
    expect(page.body).toContain(
      'Marked as not spam: the content judge has learnt from it, and this visitor’s posts are let through for 90 days.',
    );
    expect((await postAs(t, admin, url, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await postAs(t, admin, '/admin/spam-log/999999', { decision: 'spam' })).statusCode).toBe(404);
  });

  it('lets through the visitor an administrator called not spam, and no other, until called spam', async () => {
    // Each post doubted the same way: an automation protocol read what the page logged.
    const doubted = async (address: string) => {
      const fields = await shieldFields(t.app, { remoteAddress: address, signals: { [SIGNAL.tells]: [TELL.cdp] } });
      await postSuggest(t.app, { ...fields, note: 'Fresh bread from six' }, address);
      const [entry] = await listSpamLog(t.app.storage, 1);
      return { id: entry!.id, fate: entry!.details.fate, reasons: entry!.reasons };
    };
    const first = await doubted('10.9.1.1');
    expect(first).toMatchObject({ fate: 'step-up', reasons: ['tell_cdp', 'step_up'] });
    await postAs(t, admin, `/admin/spam-log/${first.id}`, { decision: 'ham' });

    expect(await doubted('10.9.1.1')).toMatchObject({ fate: 'pass', reasons: ['tell_cdp', 'trusted_visitor'] });
    // Another visitor is judged as before, as is the same one once an administrator thinks again.
    expect((await doubted('10.9.1.2')).fate).toBe('step-up');
    await postAs(t, admin, `/admin/spam-log/${first.id}`, { decision: 'spam' });
    expect((await doubted('10.9.1.1')).fate).toBe('step-up');
  });
});
