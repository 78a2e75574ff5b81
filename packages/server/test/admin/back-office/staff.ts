import { NONCE_ACTIONS } from '@waymark/protocol';
import type { NewItem, Role } from '../../../src/db/schema.js';
import { itemRow } from '../../support/item-row.js';
import { findSessionUser, startSession } from '../../../src/plugins/session.js';
import { form, FORM_HEADERS, type TestApp } from '../../support/app.js';

/** A signed-in person of each role, and a visitor, for the back office's tests. */
export interface Person {
  id: number;
  cookies: Record<string, string>;
  nonce: string;
}

export async function signedIn(t: TestApp, role: Role, email: string): Promise<Person> {
  const { db } = t.app.storage;
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      name: email.split('@')[0] ?? email,
      password_hash: 'x',
      role,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await startSession(t.app.storage, id, 1);
  const user = await findSessionUser(t.app.storage, token);
  return {
    id,
    cookies: { waymark_session: token },
    nonce: t.app.nonces.create(NONCE_ACTIONS.form, user?.sessionId ?? ''),
  };
}

export const visitor = (t: TestApp): Person => ({
  id: 0,
  cookies: {},
  nonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
});

export const getAs = (t: TestApp, who: Person, url: string) =>
  t.app.inject({ method: 'GET', url, cookies: who.cookies });

export const postAs = (t: TestApp, who: Person, url: string, fields: Record<string, string | string[]> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form({ _wpnonce: who.nonce, ...fields }),
    headers: FORM_HEADERS,
    cookies: who.cookies,
  });

/** The page data the server rendered into the document. */
export function pageData(html: string): Record<string, unknown> {
  const match = /<script[^>]*id="waymark-page"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no page context in the document');
  return (JSON.parse(match[1]) as { data: Record<string, unknown> }).data;
}

/** Where a 303 went, and the `done` message it carried. */
export function doneOf(location: string | string[] | number | undefined): string {
  return new URL(String(location), 'http://x').searchParams.get('done') ?? '';
}

/**
 * The back office's refusal (the 403 notice), and where its link goes: the sign-in that comes
 * back for a visitor, the directory for a signed-in person whose role may not.
 */
export function refusal(response: { statusCode: number; body: string }): { status: number; link: string } {
  const data = pageData(response.body) as { page?: string; link?: { href: string } };
  return { status: data.page === 'account-notice' ? response.statusCode : -1, link: data.link?.href ?? '' };
}

/** An item in a list, every field plain, for the back office's tests. */
export async function addItem(
  t: TestApp,
  listId: number,
  fields: Partial<NewItem> & { title: string },
): Promise<number> {
  const { id } = await t.app.storage.db
    .insertInto('items')
    .values(itemRow(listId, fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The three people of a back office test, each signed in, on addresses of the test's own domain. */
export async function signInStaff(
  t: TestApp,
  domain: string,
): Promise<{ admin: Person; editor: Person; member: Person }> {
  return {
    admin: await signedIn(t, 'administrator', `admin@${domain}`),
    editor: await signedIn(t, 'editor', `editor@${domain}`),
    member: await signedIn(t, 'subscriber', `member@${domain}`),
  };
}
