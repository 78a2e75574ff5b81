import type { ClaimRow, OwnerItemValues } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../../support/app.js';
import { shieldFields } from '../../support/shield-fields.js';
import { DIALECTS } from '../../support/storage.js';
import {
  addItem,
  doneOf,
  getAs,
  pageData,
  postAs,
  refusal,
  signedIn,
  visitor,
  type Person,
} from '../back-office/staff.js';
import { webDistEnv } from '../../mail/env.js';

describe.each(DIALECTS)('claims of items on %s', (dialect) => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  let owner: Person;
  let stranger: Person;
  let itemId = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
    admin = await signedIn(t, 'administrator', 'admin@claims.test');
    editor = await signedIn(t, 'editor', 'editor@claims.test');
    owner = await signedIn(t, 'subscriber', 'owner@claims.test');
    stranger = await signedIn(t, 'subscriber', 'stranger@claims.test');
    const { db } = t.app.storage;
    const category = await db
      .insertInto('categories')
      .values({ slug: 'food', name: 'Food', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await db
      .insertInto('lists')
      .values({ category_id: category.id, slug: 'cafes', title: 'Cafés', position: 0, settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemId = await addItem(t, list.id, {
      title: 'Blue Door Café',
      subtitle: 'Coffee',
      description: '<p>Old text</p>',
      address: '1 Main St',
    });
  });
  afterAll(async () => t.close());

  let senders = 0;
  // Each claim from an address of its own: a sender's third post of an hour has a price.
  // `shield`: the page's fields as a person's page sends them, as a hurried page does (`ageMs`), or none.
  const claim = async (who: Person, message: string, shield: boolean | { ageMs: number } = true) => {
    const remoteAddress = `198.18.${(senders += 1)}.1`;
    const fields = shield ? await shieldFields(t.app, { remoteAddress, ...(shield === true ? {} : shield) }) : {};
    return t.app.inject({
      method: 'POST',
      url: `/items/${itemId}/claim`,
      remoteAddress,
      payload: form({ _wpnonce: who.nonce, message, ...fields }),
      headers: FORM_HEADERS,
      cookies: who.cookies,
    });
  };
  const claims = async (status = 'pending'): Promise<ClaimRow[]> =>
    (pageData((await getAs(t, admin, `/admin/claims?status=${status}`)).body) as { claims: ClaimRow[] }).claims;

  it("links the item's page to its claim form, which asks a visitor to sign in first", async () => {
    const itemPage = await getAs(t, visitor(t), `/items/${itemId}`);
    expect(itemPage.body).toContain(`href="/items/${itemId}/claim"`);
    const gate = await getAs(t, visitor(t), `/items/${itemId}/claim`);
    expect(gate.headers.location).toBe(`/login?next=%2Fitems%2F${itemId}%2Fclaim`);
    const page = await getAs(t, owner, `/items/${itemId}/claim`);
    expect(pageData(page.body)).toMatchObject({
      page: 'claim-item',
      item: { id: itemId, title: 'Blue Door Café' },
      existing: null,
    });
    expect((await getAs(t, owner, '/items/999999/claim')).statusCode).toBe(404);
  });

  it('refuses a claim without a message, and a bot claim, and keeps a person’s', async () => {
    const short = await claim(owner, 'mine');
    expect(short.statusCode).toBe(400);
    expect((pageData(short.body) as { errors: Record<string, string> }).errors.message).toBeTruthy();
    const bot = await claim(owner, 'I own this café, call 555-0100 to check.', false);
    expect(bot.statusCode).not.toBe(200);
    expect(await claims()).toEqual([]);
    // Sent within two seconds of the page: the puzzle page, which says nothing was taken yet.
    const hurried = await claim(owner, 'I own this café, call 555-0100 to check.', { ageMs: 1_500 });
    expect(hurried.statusCode).toBe(403);
    expect(hurried.body).toContain('id="step-up"');
    expect(await claims()).toEqual([]);

    const sent = await claim(owner, 'I own this café, call 555-0100 to check.');
    expect(sent.statusCode).toBe(200);
    expect(pageData(sent.body)).toMatchObject({ existing: 'pending', sent: expect.stringContaining('Thank you') });
    expect((await claims()).map((c) => [c.itemTitle, c.userEmail, c.message])).toEqual([
      ['Blue Door Café', 'owner@claims.test', 'I own this café, call 555-0100 to check.'],
    ]);
    await claim(stranger, 'This is my shop, honestly, trust me.');
    expect(await claims()).toHaveLength(2);
  });

  it('lets nobody but the staff edit before approval', async () => {
    expect((await getAs(t, owner, `/items/${itemId}/edit`)).statusCode).toBe(404);
    expect((await postAs(t, owner, `/items/${itemId}/edit`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await getAs(t, editor, `/items/${itemId}/edit`)).statusCode).toBe(200);
  });

  it('approves one claim and rejects the other; the approved owner edits the public fields, sanitized', async () => {
    const [mine, theirs] = await claims();
    const approve = await postAs(t, admin, `/admin/claims/${mine!.id}`, { decision: 'approved' });
    expect(doneOf(approve.headers.location)).toContain('approved');
    await postAs(t, admin, `/admin/claims/${theirs!.id}`, { decision: 'rejected' });
    expect(await claims()).toEqual([]);
    expect((await claims('approved')).map((c) => c.userEmail)).toEqual(['owner@claims.test']);
    expect((await postAs(t, admin, `/admin/claims/${mine!.id}`, { decision: 'maybe' })).statusCode).toBe(400);

    const form = await getAs(t, owner, `/items/${itemId}/edit`);
    expect(pageData(form.body)).toMatchObject({
      page: 'owner-item',
      values: { title: 'Blue Door Café', address: '1 Main St' },
    });
    const values: OwnerItemValues = {
      title: 'Blue Door Café & Bakery',
      subtitle: 'Coffee and bread',
      description: '<p>Fresh <strong>daily</strong></p><script>alert(1)</script>',
      phone: '+1 555 0100',
      hours: 'Mon–Fri 7–17',
      url: 'https://bluedoor.example',
      address: '2 Main St',
    };
    const saved = await postAs(t, owner, `/items/${itemId}/edit`, { ...values });
    expect(saved.statusCode).toBe(303);
    const row = await t.app.storage.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...values, description: '<p>Fresh <strong>daily</strong></p>' });

    const bad = await postAs(t, owner, `/items/${itemId}/edit`, { ...values, title: '', url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((pageData(bad.body) as { errors: Record<string, string> }).errors).sort()).toEqual([
      'title',
      'url',
    ]);
    // The rejected claimant still may not edit.
    expect((await postAs(t, stranger, `/items/${itemId}/edit`, { ...values, title: 'Taken' })).statusCode).toBe(404);
  });

  it('shows claims to administrators only', async () => {
    for (const who of [editor, owner]) {
      expect(refusal(await getAs(t, who, '/admin/claims')).status).toBe(403);
      expect(refusal(await postAs(t, who, '/admin/claims/1', { decision: 'approved' })).status).toBe(403);
    }
    expect(refusal(await getAs(t, visitor(t), '/admin/claims')).link).toBe('/login?next=%2Fadmin%2Fclaims');
    expect(refusal(await postAs(t, visitor(t), '/admin/claims/1', { decision: 'approved' })).status).toBe(403);
  });
});
