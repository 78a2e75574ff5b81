import { accountsSettings, NONCE_ACTIONS } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { writeSetting } from '../../src/settings/store.js';
import { contextOf } from '../accounts/page-context.js';
import { form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { startMailingTestSite, type MailingSite } from '../support/mailing-site.js';
import { shieldFields } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';

const PASSWORD = 'a-long-enough-passphrase';

/**
 * Issue 27: every challenge has a way through that needs no sight. Where the picture is asked,
 * a person may have a link e-mailed instead: it signs an account in, makes a new account, or
 * sends a message to an owner, once, when the link's page is confirmed.
 */
describe.each(DIALECTS)('confirmation by e-mail on %s', (dialect) => {
  let t: TestApp;
  let site: MailingSite;
  let clients = 0;
  const client = () => ({ 'x-forwarded-for': `198.18.${(clients += 1)}.4`, 'user-agent': 'Mozilla/5.0 test' });

  beforeAll(async () => {
    site = await startMailingTestSite(dialect, { items: 2 });
    ({ t } = site);
    // A member who signs in by link needs no password hash worth the hashing here.
    await t.app.storage.db
      .insertInto('users')
      .values({
        email: 'owner-of@example.org',
        name: 'Olive Member',
        password_hash: 'scrypt$not-checked',
        role: 'subscriber',
        created_at: new Date().toISOString(),
      })
      .execute();
    // The picture on every form, so each post here would need it.
    const captcha = { registration: 'always', signIn: 'always', contactOwner: 'always' } as const;
    await writeSetting(t.app.storage, accountsSettings, { captcha });
  });
  afterAll(async () => site?.close());

  const post = async (url: string, fields: Record<string, string>, headers = client()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({
        _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''),
        ...(await shieldFields(t.app, { headers })),
        ...fields,
      }),
    });
  const mailTo = (to: string, kind: string) =>
    t.app.storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .execute();
  /** The link's page's button: a post of its token. */
  const press = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/confirm',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({ _wpnonce: t.app.nonces.create(NONCE_ACTIONS.form, ''), token }),
    });
  /** Opens the mailed link, as its page's button does: the page, then the post. */
  const confirm = async (text: string, headers = client()) => {
    const path = /https?:\/\/[^/\s]+(\/confirm\?token=[\w-]+)/.exec(text)?.[1];
    if (!path) throw new Error(`no link in ${text}`);
    const page = await t.app.inject({ url: path, headers });
    const data = contextOf(page.body).data as { page: string; token?: string; action?: string };
    return { page: data, res: await press(data.token ?? '', headers), again: () => press(data.token ?? '') };
  };

  it('signs an account in through a one-time link, answers an unknown address alike, and ends the link with a new password', async () => {
    const asked = await post('/login/email-link', { email: 'owner-of@example.org', next: '/account' });
    const unknown = await post('/login/email-link', { email: 'nobody@example.org', next: '/' });
    const done = (res: typeof asked) => (contextOf(res.body).data as { done?: string }).done;
    expect(done(asked)).toMatch(/^If an account uses this address, we sent it a link/);
    expect(done(unknown)).toBe(done(asked));
    expect(await mailTo('nobody@example.org', 'confirm-sign-in')).toHaveLength(0);
    const [mail] = await mailTo('owner-of@example.org', 'confirm-sign-in');

    // Opening the link changes nothing (a mail scanner follows links); its button signs in.
    const { page, res, again } = await confirm(mail!.text_body);
    expect(page).toMatchObject({ page: 'email-confirm', action: 'Sign me in' });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/account']);
    expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
    expect((await again()).statusCode).toBe(400);

    await post('/login/email-link', { email: 'owner-of@example.org' });
    const [second] = await mailTo('owner-of@example.org', 'confirm-sign-in');
    await t.app.storage.db
      .updateTable('users')
      .set({ password_hash: 'changed' })
      .where('email', '=', 'owner-of@example.org')
      .execute();
    const late = await confirm(second!.text_body);
    expect(late.res.statusCode).toBe(400);
    expect(late.res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
  });

  it('makes a new account when its link is opened, instead of the picture, and signs it in confirmed', async () => {
    const email = 'by-mail@example.org';
    const held = await post('/register', { name: 'Mia Mailbox', email, password: PASSWORD, confirm_by_email: '1' });
    expect(held.statusCode).toBe(200);
    expect((contextOf(held.body).data as { done?: string }).done).toMatch(/^We sent a link to by-mail@example\.org/);
    const account = () =>
      t.app.storage.db.selectFrom('users').select(['verified_at']).where('email', '=', email).executeTakeFirst();
    expect(await account()).toBeUndefined();

    const [mail] = await mailTo(email, 'confirm-registration');
    const { page, res } = await confirm(mail!.text_body);
    expect(page.action).toBe('Make my account');
    expect([res.statusCode, res.headers.location]).toEqual([303, '/account?welcome=1']);
    expect((await account())?.verified_at).not.toBeNull();
  });

  it('sends a message to an owner only once its sender opens the link', async () => {
    const item = await t.app.storage.db
      .selectFrom('items')
      .select(['id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.storage.db
      .updateTable('items')
      .set({ owner_email: 'shop@example.org' })
      .where('id', '=', item.id)
      .execute();
    const headers = client();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-admin/admin-ajax.php',
      headers: { ...FORM_HEADERS, ...headers },
      payload: form({
        action: 'qcld_pd_send_visitors_email',
        security: t.app.nonces.create(NONCE_ACTIONS.directory, ''),
        post_id: String(item.id),
        ...(await shieldFields(t.app, { headers })),
        data: JSON.stringify({
          name: 'Sam Sender',
          email: 'sam@example.org',
          to: '',
          subject: 'Opening hours',
          message: 'Are you open on Sunday?',
          confirm_by_email: '1',
        }),
      }),
    });
    expect(res.json()).toEqual({
      status: true,
      message:
        'We sent a link to sam@example.org. Your message goes to the owner when you open it; the link works for one hour.',
    });
    expect(await mailTo('shop@example.org', 'contact-owner')).toHaveLength(0);
    const [mail] = await mailTo('sam@example.org', 'confirm-contact-owner');
    const { res: sent } = await confirm(mail!.text_body);
    expect(contextOf(sent.body).data).toMatchObject({
      message: `Your message is on its way to the owner of ${item.title}.`,
    });
    const [owner] = await mailTo('shop@example.org', 'contact-owner');
    expect(owner?.reply_to).toBe('sam@example.org');
  });

  it('refuses a forged or unknown link, and more links than a mailbox needs in an hour', async () => {
    const forged = await t.app.inject({ url: '/confirm?token=not-a-token' });
    expect(forged.statusCode).toBe(400);
    const headers = client();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await post('/login/email-link', { email: 'someone-else@example.org' }, headers)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
