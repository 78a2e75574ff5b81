import { SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJsKey } from '../../src/shield/check-js.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { postSuggest } from './suggest-post.js';

/**
 * Issue 16, "Binding": a form's signals are bound to the page they were gathered on (the
 * page's own check-js key) and that page to one visitor; the same blob from another client
 * is a replay, a reason of its own in the spam log.
 */
describe('signals bound to their page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  const suggest = async (checkJs: string, remoteAddress: string) =>
    postSuggest(
      t.app,
      await shieldFields(t.app, { signals: { [SIGNAL.checkJs]: checkJs }, token: null }),
      remoteAddress,
    );
  const lastLog = async () => {
    const row = await t.app.storage.db
      .selectFrom('spam_log')
      .selectAll()
      .where('form', '=', 'suggest')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { allowed: row.allowed, reasons: JSON.parse(row.reasons) as string[] };
  };

  it('passes the visitor whose page it was, again from the same page, and blocks the blob elsewhere', async () => {
    const key = checkJsKey(t.app.shield.keys);
    await suggest(key, '10.88.0.1');
    expect(await lastLog()).toEqual({ allowed: 1, reasons: ['token_missing'] });
    // A second post from the same page and visitor (a form sent again) is fine.
    await suggest(key, '10.88.0.1');
    expect(await lastLog()).toEqual({ allowed: 1, reasons: ['token_missing'] });
    // The recorded blob replayed from another address.
    await suggest(key, '10.88.0.2');
    expect(await lastLog()).toEqual({ allowed: 0, reasons: ['token_missing', 'signals_replayed'] });
  });
});
