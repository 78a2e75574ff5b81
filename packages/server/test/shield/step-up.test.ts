import {
  CART_FIELDS,
  HELD_TEXT,
  NONCE_ACTIONS,
  SIGNAL,
  STEP_UP_ANSWER,
  STEP_UP_FIELD,
  TELL,
  type SpamReason,
} from '@waymark/protocol';
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../support/demo-site.js';
import { COMMENTED_PAGES } from '../../src/reviews/subject.js';
import { visitorHash } from '../../src/shield/client.js';
import { bindingOf, issueChallenge, POW_LIFE_SECONDS, type Challenge } from '../../src/shield/proof-of-work.js';
import { listSpamLog } from '../../src/shield/spam-log.js';
import { signedIn, type Person } from '../admin/back-office/staff.js';
import { webDistEnv } from '../mail/env.js';
import { createTestApp, postForm, type TestApp, type Visitor } from '../support/app.js';
import { shieldFields } from '../support/shield-fields.js';
import { solvePuzzle, stepUpPageChallenge } from '../support/step-up.js';

/**
 * Issue 16, "one fate for every form": a doubted submission on every protected form without a
 * captcha is asked for the puzzle (ajax: the step-up answer; classic post: the step-up page),
 * and the same fields sent again with the solved puzzle pass when the puzzle answers the doubt;
 * hidden automation that pays is held (issue 26: a price, not a pass). A solution sent twice, a
 * wrong one, one for another visitor and a late one are refused, each with its own reason.
 */

const AJAX = '/wp-admin/admin-ajax.php';
/** A doubt the puzzle answers: posted sooner than the configured minimum. */
const HURRIED = { ageMs: 1_500 };
/** Doubts it does not: an automation protocol read what the page logged; a page its worker contradicts. */
const AUTOMATED = { signals: { [SIGNAL.tells]: [TELL.cdp] } };
const PATCHED = { signals: { [SIGNAL.tells]: [TELL.worker] } };

interface FormCase {
  name: string;
  classic: boolean;
  /** The form's own fields (not the shield's). */
  fields(who: Visitor): Promise<Record<string, string>> | Record<string, string>;
  url(): string;
  /** The answer of a kept submission. */
  passed(res: LightMyRequestResponse): boolean;
  /** The answer of a held one: kept for a moderator where one looks, refused elsewhere. */
  held(res: LightMyRequestResponse): boolean;
  /** A signed-in visitor, where the form needs one. */
  person?(): Promise<Person>;
}

describe('the step-up round trip on every form (sqlite)', () => {
  let t: TestApp;
  let itemId = 0;
  let clients = 0;
  let claimant: Person;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        SEED_DEMO: 'true',
        SEED_ITEMS: '4',
        ADMIN_PASSWORD: 'admin-password-1',
        TRUST_PROXY: 'true',
        ...webDistEnv(),
      },
    });
    await bootstrap(t.app.storage, t.config, () => {});
    itemId = (await t.app.storage.db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    claimant = await signedIn(t, 'subscriber', 'claimant@step-up.test');
  });
  afterAll(async () => t?.close());

  const ajaxNonce = () => t.app.nonces.create(NONCE_ACTIONS.ajax, '');
  const formNonce = () => t.app.nonces.create(NONCE_ACTIONS.form, '');
  const ok = (res: LightMyRequestResponse) => (res.json() as { success?: unknown }).success === true;
  const review = (subject: () => string, classic: boolean) => ({
    fields: () => ({
      ...(classic ? { _wpnonce: formNonce() } : { action: 'waymark_post_review', _ajax_nonce: ajaxNonce() }),
      subject: subject(),
      author: 'Ada',
      email: 'ada@example.org',
      body: 'Lovely bread, kind staff.',
    }),
    url: () => (classic ? '/reviews' : AJAX),
    passed: (res: LightMyRequestResponse) => (classic ? res.statusCode === 303 : ok(res)),
    held: (res: LightMyRequestResponse) =>
      classic
        ? String(res.headers.location).includes('posted=held')
        : (res.json() as { status?: string }).status === 'held',
  });
  const suggest = { name: 'Corner Bakery', address: '12 Main Street', website: '', email: '', note: '' };

  /** The "Add your business" form's own fields for a listing of this title. */
  async function listing(title: string) {
    return {
      _wpnonce: formNonce(),
      title,
      subtitle: '',
      url: 'https://step-up.example/',
      address: 'Via Roma 1, Turin',
      email: 'owner@step-up.example',
      category: (await t.app.storage.db.selectFrom('categories').select('slug').executeTakeFirstOrThrow()).slug,
    };
  }

  /** A pending listing in this visitor's cart, for the featured product's add-item call. */
  async function listingInCart(who: Visitor): Promise<string> {
    const res = await post(
      '/add-business',
      {
        ...(await listing(`Lantern Books ${clients}`)),
        [CART_FIELDS.product]: 'paid-listing',
        ...(await shieldFields(t.app, { headers: who.headers })),
      },
      who,
    );
    expect(res.statusCode).toBe(303);
    const saved = await t.app.storage.db
      .selectFrom('pending_listings')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return String(saved.id);
  }

  const FORMS: FormCase[] = [
    { name: 'review (ajax)', classic: false, ...review(() => `item:${itemId}`, false) },
    { name: 'comment (ajax)', classic: false, ...review(() => `page:${COMMENTED_PAGES[0]}`, false) },
    { name: 'review (classic post)', classic: true, ...review(() => `item:${itemId}`, true) },
    {
      name: 'suggest (ajax)',
      classic: false,
      fields: () => ({ action: 'waymark_suggest_item', _ajax_nonce: ajaxNonce(), ...suggest }),
      url: () => AJAX,
      passed: ok,
      held: ok,
    },
    {
      name: 'suggest (classic post)',
      classic: true,
      fields: () => ({ _wpnonce: formNonce(), ...suggest }),
      url: () => '/suggest',
      passed: (res) => res.statusCode === 200 && !res.body.includes('id="step-up"'),
      held: (res) => res.statusCode === 200 && !res.body.includes('id="step-up"'),
    },
    {
      name: 'cart add-item (ajax)',
      classic: false,
      fields: async (who) => ({
        action: 'waymark_add_to_cart',
        _ajax_nonce: ajaxNonce(),
        [CART_FIELDS.product]: 'featured-once',
        [CART_FIELDS.listing]: await listingInCart(who),
      }),
      url: () => AJAX,
      passed: ok,
      // Nobody reads a cart before it is paid: a hold is refused, in the held words.
      held: (res) => (res.json() as { apbct?: { comment?: string } }).apbct?.comment === HELD_TEXT,
    },
    {
      name: 'add-business (classic post)',
      classic: true,
      fields: () => listing(`Harbour Lights ${clients}`),
      url: () => '/add-business',
      passed: (res) => res.statusCode === 303,
      held: (res) => res.statusCode === 303,
    },
    {
      name: 'claim (classic post)',
      classic: true,
      person: async () => claimant,
      fields: () => ({ _wpnonce: claimant.nonce, message: 'I run this place; call me on the shop phone.' }),
      url: () => `/items/${itemId}/claim`,
      passed: (res) => res.statusCode === 200 && !res.body.includes('id="step-up"'),
      held: (res) => res.statusCode === 200 && !res.body.includes('id="step-up"'),
    },
  ];

  const newVisitor = async (formCase: FormCase): Promise<Visitor> => {
    clients += 1;
    // A network of its own each: a network's posts add up to a price, which is not tested here.
    const headers = { 'x-forwarded-for': `10.${Math.floor(clients / 250)}.${clients % 250}.7` };
    const cookies = formCase.person ? (await formCase.person()).cookies : {};
    return { headers, cookies };
  };
  const post = (url: string, fields: Record<string, string>, who: Visitor) => postForm(t.app, url, fields, who);
  const lastVerdict = async () => {
    const [row] = await listSpamLog(t.app.storage, 1);
    if (!row) throw new Error('no verdict');
    return { fate: row.details.fate, reasons: row.reasons };
  };

  function challengeOf(formCase: FormCase, res: LightMyRequestResponse): Challenge {
    if (!formCase.classic) return (res.json() as Record<string, Challenge>)[STEP_UP_ANSWER] as Challenge;
    return stepUpPageChallenge(res);
  }

  /** A doubted visitor sends the form: the puzzle comes back, and the spam log says so. */
  async function doubted(formCase: FormCase, doubt: typeof HURRIED | typeof AUTOMATED | typeof PATCHED = HURRIED) {
    const reason = doubt === HURRIED ? 'quick' : doubt === PATCHED ? 'tell_worker' : 'tell_cdp';
    const who = await newVisitor(formCase);
    const fields = {
      ...(await formCase.fields(who)),
      ...(await shieldFields(t.app, { headers: who.headers, ...doubt })),
    };
    const res = await post(formCase.url(), fields, who);
    // The ajax answer is the protocol's block answer (200); the classic page says nothing was taken.
    expect(res.statusCode).toBe(formCase.classic ? 403 : 200);
    expect(await lastVerdict()).toMatchObject({ fate: 'step-up', reasons: [reason, 'step_up'] });
    return { who, fields, res, challenge: challengeOf(formCase, res) };
  }

  const refused = (formCase: FormCase, res: LightMyRequestResponse) =>
    formCase.classic
      ? res.statusCode === 403 && res.body.includes('Submission blocked')
      : (res.json() as { apbct?: { blocked?: boolean } }).apbct?.blocked === true &&
        !(STEP_UP_ANSWER in (res.json() as object));

  const expectRefused = async (formCase: FormCase, res: LightMyRequestResponse, reason: SpamReason) => {
    expect(refused(formCase, res)).toBe(true);
    expect(await lastVerdict()).toMatchObject({ fate: 'block', reasons: expect.arrayContaining([reason]) });
  };

  describe.each(FORMS)('$name', (formCase) => {
    it('asks a doubted visitor for the puzzle, passes the solved answer once, refuses it twice', async () => {
      const { who, fields, res, challenge } = await doubted(formCase);
      expect(challenge).toMatchObject({ algorithm: 'PBKDF2-SHA-256', maxnumber: expect.any(Number), cost: 1_000 });
      if (formCase.classic) {
        // The page carries the posted fields, escaped, and posts them again to the same address.
        expect(res.body).toContain(`action="${formCase.url()}"`);
        expect(res.body).toMatch(/<script nonce="[\w-]+">/);
        expect(res.body).toContain('Checking your browser…');
        expect(res.body).toContain('<noscript>');
        // Without scripts only the noscript text and the button speak: the script writes "working".
        expect(res.body).toContain('<p id="step-up-status" role="status"></p>');
        expect(res.body).toContain('data-working="Checking your browser… This takes a moment');
        for (const name of Object.keys(fields)) expect(res.body).toContain(`name="${name}"`);
      }
      const answer = solvePuzzle(challenge);
      const passed = await post(formCase.url(), { ...fields, [STEP_UP_FIELD]: answer }, who);
      expect(formCase.passed(passed)).toBe(true);
      expect(await lastVerdict()).toMatchObject({ fate: 'pass', reasons: ['quick', 'step_up_solved'] });

      await expectRefused(
        formCase,
        await post(formCase.url(), { ...fields, [STEP_UP_FIELD]: answer }, who),
        'step_up_replayed',
      );
    });

    it('holds hidden automation that paid: a price, not a pass', async () => {
      const { who, fields, challenge } = await doubted(formCase, AUTOMATED);
      const paid = await post(formCase.url(), { ...fields, [STEP_UP_FIELD]: solvePuzzle(challenge) }, who);
      expect(await lastVerdict()).toMatchObject({ fate: 'hold', reasons: ['tell_cdp', 'step_up_solved', 'held'] });
      // Taken only where a person looks at it before it shows: a review waits, a cart refuses.
      expect(formCase.held(paid)).toBe(true);
      // So is a stealth kit's patched page, which its own worker contradicts.
      const patched = await doubted(formCase, PATCHED);
      await post(formCase.url(), { ...patched.fields, [STEP_UP_FIELD]: solvePuzzle(patched.challenge) }, patched.who);
      expect(await lastVerdict()).toMatchObject({ fate: 'hold', reasons: ['tell_worker', 'step_up_solved', 'held'] });
    });

    it('refuses a wrong answer, and a right one brought by another visitor', async () => {
      const first = await doubted(formCase);
      const wrong = await post(
        formCase.url(),
        { ...first.fields, [STEP_UP_FIELD]: solvePuzzle(first.challenge, 1) },
        first.who,
      );
      await expectRefused(formCase, wrong, 'step_up_failed');

      const second = await doubted(formCase);
      const other = await newVisitor(formCase);
      const elsewhere = await post(
        formCase.url(),
        { ...second.fields, [STEP_UP_FIELD]: solvePuzzle(second.challenge) },
        other,
      );
      expect(refused(formCase, elsewhere)).toBe(true);
      expect((await lastVerdict()).reasons).toContain('step_up_failed');
    });

    it('refuses an answer after its challenge expired', async () => {
      const { who, fields } = await doubted(formCase);
      const ip = who.headers['x-forwarded-for'] ?? '';
      const visitor = visitorHash(t.app.shield.keys, {
        ip,
        headers: { 'user-agent': 'lightMyRequest' },
      } as unknown as FastifyRequest);
      const stamp = fields[t.app.shield.settings().honeypotFieldName] ?? '';
      const bind = bindingOf(t.app.shield.keys, visitor, stamp, fields.ct_bot_detector_event_token ?? '');
      const late = issueChallenge(t.app.shield.keys, {
        now: Date.now() - (POW_LIFE_SECONDS + 1) * 1000,
        maxnumber: 200,
        bind,
      });
      const res = await post(formCase.url(), { ...fields, [STEP_UP_FIELD]: solvePuzzle(late) }, who);
      await expectRefused(formCase, res, 'step_up_expired');
    });
  });

  it('publishes a review whose doubt the puzzle answered, without the badge; holds one still in doubt after it', async () => {
    const reviews = () =>
      t.app.storage.db.selectFrom('reviews').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const formCase = FORMS[0] as FormCase;
    const { who, fields, challenge } = await doubted(formCase, HURRIED);
    const res = await post(AJAX, { ...fields, [STEP_UP_FIELD]: solvePuzzle(challenge) }, who);
    expect(res.json()).toMatchObject({ success: true, status: 'published' });
    expect(await reviews()).toMatchObject({ status: 'published', real_person: 0 });

    // A browser that says it is automated: the puzzle does not answer that.
    const more = await newVisitor(formCase);
    const doubtful = {
      ...formCase.fields(more),
      ...(await shieldFields(t.app, {
        headers: more.headers,
        signals: { [SIGNAL.headless]: true },
      })),
    } as Record<string, string>;
    const asked = await post(AJAX, doubtful, more);
    const solved = await post(AJAX, { ...doubtful, [STEP_UP_FIELD]: solvePuzzle(challengeOf(formCase, asked)) }, more);
    expect(solved.json()).toMatchObject({ success: true, status: 'held' });
    expect(await reviews()).toMatchObject({ status: 'held', real_person: 0 });
  });
});
