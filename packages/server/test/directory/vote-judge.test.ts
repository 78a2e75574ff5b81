import { EVENT_TOKEN_FIELD, NO_COOKIE_FIELD, NO_COOKIE_PREFIX, NONCE_ACTIONS, SIGNAL } from '@waymark/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTES_PER_ITEM_PER_ADDRESS } from '../../src/directory/votes.js';
import { startSession } from '../../src/plugins/session.js';
import { VISITOR_COOKIE } from '../../src/plugins/visitors.js';
import { checkJsKey } from '../../src/shield/check-js.js';
import { bootstrap } from '../../src/bootstrap.js';
import { createTestApp, form, FORM_HEADERS, type TestApp } from '../support/app.js';
import { fixtureSeeder } from '../support/fixture.js';
import { personSignals } from '../support/shield-fields.js';
import { DIALECTS } from '../support/storage.js';
import { eventTokenFor, personVoteFields } from './vote-evidence.js';

/**
 * Issue 17, "Vote stuffing": the spam shield judges every upvote by the evidence its page carries
 * (the page layer's signals or event token, or what the original page script adds to another
 * script's call: the no-cookie field, the token field, the signal cookies) and logs the verdict.
 * Forged or spent evidence refuses the vote; a doubt counts, as a vote has no puzzle to clear it.
 * A refusal is the vote call's own failed vote, never an error.
 */

const AJAX = '/wp-admin/admin-ajax.php';
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

interface VoteAnswer {
  votes: number;
  vote_status: 'success' | 'failed';
  cookies: string;
}

describe.each(DIALECTS)('upvotes judged by the spam shield on %s', (dialect) => {
  let t: TestApp;
  let itemId: number;
  let address = 0;
  /** A client address of its own per visitor, so the address limits stay out of the way. */
  const nextIp = () => `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  interface VoteOptions {
    ip?: string;
    cookies?: Record<string, string>;
    security?: string;
    item?: number;
    headers?: Record<string, string>;
  }
  const vote = async (fields: Record<string, string>, options: VoteOptions = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: { ...FORM_HEADERS, ...options.headers },
      remoteAddress: options.ip ?? nextIp(),
      cookies: options.cookies ?? {},
      payload: form({
        action: 'qcpd_upvote_action',
        post_id: String(options.item ?? itemId),
        meta_title: 'x',
        meta_link: 'https://x.example/',
        li_id: `item-${options.item ?? itemId}`,
        security: options.security ?? t.app.nonces.create(NONCE_ACTIONS.directory, ''),
        ...fields,
      }),
    });
    expect(res.statusCode).toBe(200);
    return res.json<VoteAnswer>();
  };
  const status = async (fields: Record<string, string>, options: VoteOptions = {}) =>
    (await vote(fields, options)).vote_status;
  const votesOf = async (id = itemId) =>
    (await t.app.storage.db.selectFrom('items').select('votes').where('id', '=', id).executeTakeFirstOrThrow()).votes;
  const eventToken = (ip: string, signals: Record<string, unknown>) => eventTokenFor(t.app, ip, signals);
  const person = () => personSignals(t.app, Date.now(), 6_000);
  /** Interaction flags a script can set, with a real page key: no behaviour. */
  const flags = () => ({ [SIGNAL.checkJs]: checkJsKey(t.app.shield.keys), [SIGNAL.mouseMoved]: true });
  const lastLog = async () =>
    t.app.storage.db.selectFrom('spam_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'true', SEED_ITEMS: '10', ADMIN_PASSWORD: 'admin-password-1' },
    });
    await bootstrap(t.app.storage, t.config, () => {}, fixtureSeeder);
    itemId = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('counts a vote without evidence as a doubt (a tap, a browser without scripts), answers in the call’s shape and logs it', async () => {
    const before = await votesOf();
    const logged = await t.app.storage.db.selectFrom('spam_log').select('id').execute();
    const answer = await vote({});
    expect(Object.keys(answer)).toEqual(['votes', 'vote_status', 'cookies']);
    expect(answer).toMatchObject({ votes: before + 1, vote_status: 'success' });
    expect(answer.cookies).toMatch(new RegExp(`^${VISITOR_COOKIE}=[\\w-]{22}\\.[\\w-]{22}$`));
    const log = await lastLog();
    expect(log.id).toBeGreaterThan(Math.max(0, ...logged.map((row) => row.id)));
    expect(log).toMatchObject({ form: 'vote', allowed: 0 });
    expect(JSON.parse(log.reasons)).toEqual(['no_javascript']);
    expect(JSON.parse(log.details)).toMatchObject({ path: AJAX });
  });

  it('does not count a vote another site’s page sent, with this visitor’s cookies and a good nonce', async () => {
    const before = await votesOf();
    const elsewhere: Record<string, string>[] = [
      { origin: 'http://elsewhere.example' },
      { 'sec-fetch-site': 'cross-site' },
      // Another port of this host: the same site to a browser, which sends its cookies along.
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of elsewhere) {
      expect(await vote(personVoteFields(t.app), { headers })).toMatchObject({ votes: before, vote_status: 'failed' });
    }
    expect(await votesOf()).toBe(before);
    expect(await status(personVoteFields(t.app), { headers: { 'sec-fetch-site': 'same-origin' } })).toBe('success');
  });

  it('counts a vote whose page shows a person, and logs that verdict too', async () => {
    const before = await votesOf();
    expect(await vote(personVoteFields(t.app))).toMatchObject({ votes: before + 1, vote_status: 'success' });
    expect(await lastLog()).toMatchObject({ form: 'vote', allowed: 1 });
  });

  it('counts an automated browser and a page without behaviour (doubts); refuses signals another client brought first', async () => {
    expect(await status({ event_javascript_data: JSON.stringify({ ...person(), [SIGNAL.headless]: true }) })).toBe(
      'success',
    );
    expect(JSON.parse((await lastLog()).reasons)).toEqual(['headless']);
    expect(await status({ event_javascript_data: JSON.stringify(flags()) })).toBe('success');
    expect(JSON.parse((await lastLog()).reasons)).toEqual(['no_behaviour']);

    const copied = personVoteFields(t.app);
    expect(await status(copied)).toBe('success');
    expect(await status(copied)).toBe('failed');
    expect(JSON.parse((await lastLog()).reasons)).toEqual(['signals_replayed']);
  });

  it('counts a token the bot detector issued to a person', async () => {
    const ip = nextIp();
    expect(await status({ event_token: await eventToken(ip, person()) }, { ip })).toBe('success');
    expect(await lastLog()).toMatchObject({ allowed: 1 });
  });

  it('does not count a forged token, or one issued to another visitor, whatever signals come with it', async () => {
    const forged = 'ab'.repeat(32);
    expect(await status({ event_token: forged, ...personVoteFields(t.app) })).toBe('failed');
    expect(JSON.parse((await lastLog()).reasons)).toEqual(['token_invalid']);
    const elsewhere = await eventToken(nextIp(), person());
    expect(await status({ event_token: elsewhere, ...personVoteFields(t.app) })).toBe('failed');
    expect(JSON.parse((await lastLog()).reasons)).toEqual(['token_invalid']);
  });

  it('does not count a page key this site never issued', async () => {
    const fake = { ...person(), [SIGNAL.checkJs]: 'f'.repeat(40) };
    expect(await status({ event_javascript_data: JSON.stringify(fake) })).toBe('failed');
    expect(JSON.parse((await lastLog()).reasons)).toContain('checkjs_invalid');
  });

  describe('from the original page script', () => {
    /** A person's signals as the original script keeps them in cookies: each value as text. */
    const asCookies = (signals: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(signals).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      );

    it('reads signals that travel in cookies (`native`)', async () => {
      expect(await status({}, { cookies: asCookies(person()) })).toBe('success');
      expect(await lastLog()).toMatchObject({ allowed: 1 });
    });

    it('reads the no-cookie field (`none`, bot detector off)', async () => {
      expect(await status({ [NO_COOKIE_FIELD]: NO_COOKIE_PREFIX + base64(person()) })).toBe('success');
      expect(await lastLog()).toMatchObject({ allowed: 1 });
    });

    it('reads the page key and pointer in cookies with only the flags in the no-cookie field (`none`)', async () => {
      const { [SIGNAL.checkJs]: key, [SIGNAL.pointer]: pointer, [SIGNAL.pageSet]: set, ...rest } = person();
      const cookies = asCookies({ [SIGNAL.checkJs]: key, [SIGNAL.pointer]: pointer, [SIGNAL.pageSet]: set });
      expect(await status({ [NO_COOKIE_FIELD]: NO_COOKIE_PREFIX + base64(rest) }, { cookies })).toBe('success');
      expect(await lastLog()).toMatchObject({ allowed: 1 });
    });

    it('reads a person’s token in the token field (bot detector on)', async () => {
      const ip = nextIp();
      expect(await status({ [EVENT_TOKEN_FIELD]: await eventToken(ip, person()) }, { ip })).toBe('success');
      expect(await lastLog()).toMatchObject({ allowed: 1 });
    });
  });

  it('judges before the address limits, so a bot’s refused votes leave its address’s votes to the people there', async () => {
    const ip = '192.0.2.99';
    const [, other] = await t.app.storage.db.selectFrom('items').select('id').orderBy('id').limit(2).execute();
    const item = other?.id ?? 0;
    const forged = { event_token: 'ab'.repeat(32) };
    for (let i = 0; i < 5; i += 1) expect(await status(forged, { ip, item })).toBe('failed');
    const answers = [];
    for (let i = 0; i <= VOTES_PER_ITEM_PER_ADDRESS; i += 1)
      answers.push(await status(personVoteFields(t.app), { ip, item }));
    expect(answers).toEqual([...Array<string>(VOTES_PER_ITEM_PER_ADDRESS).fill('success'), 'failed']);
  });

  it('does not judge a signed-in user again: signing in was judged', async () => {
    const admin = await t.app.storage.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { token } = await startSession(t.app.storage, admin.id, 1);
    const session = await t.app.inject({ url: '/', cookies: { waymark_session: token } });
    const nonce = /"directoryNonce":"([0-9a-f]{10})"/.exec(session.body)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(await status({}, { cookies: { waymark_session: token }, security: nonce })).toBe('success');
  });

  it('reads malformed evidence as none, never an error', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const bad: Record<string, string>[] = [
      { event_javascript_data: '{not json' },
      { event_javascript_data: `{"ct_pointer_data":${deep}}` },
      { event_javascript_data: 'x'.repeat(70_000) },
      { event_token: 'f'.repeat(200) },
      { [NO_COOKIE_FIELD]: `${NO_COOKIE_PREFIX}%%%not base64` },
      { [NO_COOKIE_FIELD]: NO_COOKIE_PREFIX + Buffer.from(`{"ct_pointer_data":${deep}}`).toString('base64') },
      { [NO_COOKIE_FIELD]: NO_COOKIE_PREFIX + 'A'.repeat(400_000) },
    ];
    for (const fields of bad) {
      expect(await status(fields)).toBe('success');
      expect(await lastLog()).toMatchObject({ allowed: 0 });
    }
    // Both ways of sending the same field at once: the first is read.
    const twice = await t.app.inject({
      method: 'POST',
      url: AJAX,
      headers: FORM_HEADERS,
      remoteAddress: nextIp(),
      payload: form({
        action: 'qcpd_upvote_action',
        post_id: String(itemId),
        security: t.app.nonces.create(NONCE_ACTIONS.directory, ''),
        event_javascript_data: [JSON.stringify(person()), 'second'],
      }),
    });
    expect(twice.json<VoteAnswer>().vote_status).toBe('success');
  });
});
