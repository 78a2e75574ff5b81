import type { PersonRow } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser, startSession } from '../../../src/plugins/session.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { DIALECTS } from '../../support/storage.js';
import {
  doneOf,
  getAs,
  pageData,
  postAs,
  refusal,
  signedIn,
  signInStaff,
  visitor,
  type Person,
} from '../back-office/staff.js';
import { webDistEnv } from '../../mail/env.js';

describe.each(DIALECTS)('the back office people page on %s', (dialect) => {
  let t: TestApp;
  let admin: Person;
  let editor: Person;
  let member: Person;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: webDistEnv() });
    ({ admin, editor, member } = await signInStaff(t, 'people.test'));
  });
  afterAll(async () => t.close());

  const people = async (): Promise<PersonRow[]> => {
    const response = await getAs(t, admin, '/admin/people');
    expect(response.statusCode).toBe(200);
    return (pageData(response.body) as { people: PersonRow[] }).people;
  };
  const person = async (id: number) => (await people()).find((p) => p.id === id);

  it('lists every account with its role and state, the administrator marked as themselves', async () => {
    const rows = await people();
    expect(rows.map((p) => [p.email, p.role, p.disabled, p.self])).toEqual([
      ['admin@people.test', 'administrator', false, true],
      ['editor@people.test', 'editor', false, false],
      ['member@people.test', 'subscriber', false, false],
    ]);
    const page = pageData((await getAs(t, admin, '/admin/people')).body) as {
      roles: { value: string; label: string }[];
    };
    expect(page.roles.map((r) => r.label)).toEqual(['Administrator', 'Editor', 'Member']);
  });

  it("changes a person's role, and refuses an unknown one", async () => {
    const response = await postAs(t, admin, `/admin/people/${member.id}`, { do: 'role', role: 'editor' });
    expect(response.statusCode).toBe(303);
    expect(doneOf(response.headers.location)).toContain('is now editor');
    expect((await person(member.id))?.role).toBe('editor');
    expect((await postAs(t, admin, `/admin/people/${member.id}`, { do: 'role', role: 'owner' })).statusCode).toBe(400);
    await postAs(t, admin, `/admin/people/${member.id}`, { do: 'role', role: 'subscriber' });
    expect((await person(member.id))?.role).toBe('subscriber');
    expect((await postAs(t, admin, '/admin/people/999999', { do: 'disable' })).statusCode).toBe(404);
  });

  it('disables an account: its sessions end, a new one signs nobody in, and enabling lets it back', async () => {
    expect((await getAs(t, member, '/account')).statusCode).not.toBe(303);
    const response = await postAs(t, admin, `/admin/people/${member.id}`, { do: 'disable' });
    expect(doneOf(response.headers.location)).toContain('is disabled');
    expect((await person(member.id))?.disabled).toBe(true);
    const { db } = t.app.storage;
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    const { token } = await startSession(t.app.storage, member.id, 1);
    expect(await findSessionUser(t.app.storage, token)).toBeNull();

    await postAs(t, admin, `/admin/people/${member.id}`, { do: 'enable' });
    expect((await person(member.id))?.disabled).toBe(false);
    expect((await findSessionUser(t.app.storage, token))?.id).toBe(member.id);
  });

  it('mails a person the single-use link to choose a new password, and never shows a password', async () => {
    const outbox = () =>
      t.app.storage.db
        .selectFrom('outbox')
        .select(['to_address', 'kind'])
        .where('kind', '=', 'reset-password')
        .execute();
    const before = (await outbox()).length;
    const response = await postAs(t, admin, `/admin/people/${member.id}`, { do: 'reset' });
    expect(response.statusCode).toBe(303);
    expect(doneOf(response.headers.location)).toContain('member@people.test');
    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.to_address).toBe('member@people.test');
    expect((await postAs(t, editor, `/admin/people/${member.id}`, { do: 'reset' })).statusCode).not.toBe(303);
  });

  it('never leaves the site without an administrator who can sign in', async () => {
    const changes: Record<string, string>[] = [{ do: 'role', role: 'editor' }, { do: 'disable' }];
    for (const fields of changes) {
      const response = await postAs(t, admin, `/admin/people/${admin.id}`, fields);
      expect(doneOf(response.headers.location)).toContain('no administrator left');
    }
    expect(await person(admin.id)).toMatchObject({ role: 'administrator', disabled: false });

    // With a second administrator, the first may step down, and the second is then the last.
    const second = await signedIn(t, 'administrator', 'second@people.test');
    const down = await postAs(t, admin, `/admin/people/${admin.id}`, { do: 'role', role: 'editor' });
    expect(doneOf(down.headers.location)).toContain('is now editor');
    const last = await postAs(t, second, `/admin/people/${second.id}`, { do: 'disable' });
    expect(doneOf(last.headers.location)).toContain('no administrator left');
    await postAs(t, second, `/admin/people/${admin.id}`, { do: 'role', role: 'administrator' });
    expect((await person(admin.id))?.role).toBe('administrator');
  });

  it('is for administrators only: editors, members and visitors are refused the page and every change', async () => {
    // The member's session ended when the account was disabled: a member signed in afresh.
    const signedInMember = await signedIn(t, 'subscriber', 'another-member@people.test');
    for (const who of [editor, signedInMember]) {
      expect(refusal(await getAs(t, who, '/admin/people')).status).toBe(403);
      expect(
        refusal(await postAs(t, who, `/admin/people/${who.id}`, { do: 'role', role: 'administrator' })).status,
      ).toBe(403);
    }
    expect(refusal(await getAs(t, visitor(t), '/admin/people')).link).toBe('/login?next=%2Fadmin%2Fpeople');
    expect(refusal(await postAs(t, visitor(t), `/admin/people/${member.id}`, { do: 'disable' })).status).toBe(403);
    const expired = await postAs(t, admin, `/admin/people/${member.id}`, { do: 'disable', _wpnonce: '0123456789' });
    expect(doneOf(expired.headers.location)).toContain('expired');
    expect(await person(editor.id)).toMatchObject({ role: 'editor', disabled: false });
    expect(await person(member.id)).toMatchObject({ role: 'subscriber', disabled: false });
  });
});
