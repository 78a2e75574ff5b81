import { CART_FIELDS, DIRECTORY_TEXTS, NONCE_ACTIONS, STEP_UP_ANSWER, type ProtectedForm } from '@waymark/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { COMMENTED_PAGES } from '../../src/reviews/subject.js';
import { signedIn } from '../admin/back-office/staff.js';
import { contextOf } from '../accounts/page-context.js';
import { postForm, type TestApp, type Visitor } from '../support/app.js';

/**
 * The shield corpus's protected forms (issue 16: reviews, comments, suggest, sign-in,
 * registration, contact-owner, checkout/cart, add-business and claim): for each, how a visitor
 * opens and posts it, which shield form judges it, and how to read its answer. The corpus sends
 * the same sessions to every one of them.
 */

const AJAX = '/wp-admin/admin-ajax.php';
export const PASSWORD = 'a-long-enough-passphrase';

/** What the forms need of the site the corpus runs on; built once the app is up. */
export interface Site {
  t: TestApp;
  /** An item to review and to claim. */
  itemId: number;
  /** An item whose owner takes messages through the site. */
  ownedItemId: number;
  /** The one password hash every sign-in account shares: hashing is slow and proves nothing here. */
  passwordHash: string;
  /** A number no other session got, for e-mail addresses, accounts and titles. */
  unique(): number;
  /** A person's browser on a network nobody has used yet, for the steps that ready a visitor. */
  freshClient(): Record<string, string>;
  /** That person's shield fields. */
  personFields(headers: Record<string, string>): Promise<Record<string, string>>;
}

/**
 * What a form's answer says: the submission was kept, the visitor was asked for more (the
 * step-up puzzle, or the form's captcha), or it was refused as spam.
 */
export type Outcome = 'kept' | 'asked' | 'blocked' | 'unread';

export interface CorpusForm {
  name: string;
  /** The form the shield judges it as, which the spam log names. */
  shieldForm: ProtectedForm;
  /**
   * The form has a captcha, asked when the shield is still in doubt after the puzzle (the
   * default, `when-in-doubt`): where the shield's doubt goes, which a person answers and a bot
   * does not.
   */
  captcha: boolean;
  url(site: Site): string;
  /**
   * Readies the visitor as the form needs (signs it in, fills its cart, makes its account) and
   * answers the form's own fields with its nonce, not the shield's. `person` answers the captcha.
   */
  open(site: Site, who: Visitor, person: boolean): Promise<Record<string, string>>;
  outcome(res: LightMyRequestResponse): Outcome;
}

const json = (res: LightMyRequestResponse): Record<string, unknown> => {
  try {
    const value: unknown = res.json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const blockedAnswer = (answer: Record<string, unknown>) =>
  (answer.apbct as { blocked?: unknown } | undefined)?.blocked === true && !(STEP_UP_ANSWER in answer);

/** An admin-ajax call's answer: `success`, the puzzle beside the block answer, or the block answer. */
function ajaxOutcome(res: LightMyRequestResponse): Outcome {
  const answer = json(res);
  if (answer.success === true) return 'kept';
  if (STEP_UP_ANSWER in answer) return 'asked';
  return blockedAnswer(answer) ? 'blocked' : 'unread';
}

/** A classic post's answer: the step-up page, the blocked page, or what the form says of a kept post. */
const classicOutcome =
  (
    kept: (res: LightMyRequestResponse) => boolean,
    captchaAsked: (res: LightMyRequestResponse) => boolean = () => false,
  ) =>
  (res: LightMyRequestResponse): Outcome => {
    if (res.body.includes('<form id="step-up"')) return 'asked';
    if (res.statusCode === 403 && res.body.includes('Submission blocked')) return 'blocked';
    if (captchaAsked(res)) return 'asked';
    return kept(res) ? 'kept' : 'unread';
  };

/** The page context's data; none on an answer that is not a page. */
const pageData = (res: LightMyRequestResponse) =>
  (contextOf(res.body).data ?? {}) as {
    done?: unknown;
    sent?: unknown;
    captchaError?: unknown;
    errors?: { captcha?: unknown };
  };

/** The captcha a person reads off the form's page, fetched as the same client (a code is bound to it). */
async function pageCaptcha(app: FastifyInstance, url: string, who: Visitor) {
  const page = await app.inject({ url, headers: who.headers, cookies: who.cookies });
  const data = (contextOf(page.body).data ?? {}) as { captcha?: { code?: string } | null };
  const code = data.captcha?.code ?? '';
  return { ccaptcha: code, captcha: app.captchaKeys.answer(code.split('.')[0] ?? '') };
}

const ajaxNonce = (site: Site) => site.t.app.nonces.create(NONCE_ACTIONS.ajax, '');
const formNonce = (site: Site) => site.t.app.nonces.create(NONCE_ACTIONS.form, '');

/** The "Add your business" form's own fields for a listing of this title. */
async function listing(site: Site, title: string) {
  const category = await site.t.app.storage.db.selectFrom('categories').select('slug').executeTakeFirstOrThrow();
  return {
    _wpnonce: formNonce(site),
    title,
    subtitle: '',
    url: 'https://corpus.example/',
    address: 'Via Roma 1, Turin',
    email: 'owner@corpus.example',
    category: category.slug,
  };
}

const review = (subject: (site: Site) => string, body: string) => ({
  shieldForm: 'review' as const,
  captcha: false,
  url: () => AJAX,
  open: async (site: Site) => ({
    action: 'waymark_post_review',
    _ajax_nonce: ajaxNonce(site),
    subject: subject(site),
    author: 'Ada',
    email: 'ada@example.org',
    body,
  }),
  outcome: ajaxOutcome,
});

export const CORPUS_FORMS: CorpusForm[] = [
  { name: 'review', ...review((site) => `item:${site.itemId}`, 'Lovely bread, kind staff.') },
  { name: 'comment', ...review(() => `page:${COMMENTED_PAGES[0]}`, 'What a nice gallery.') },
  {
    name: 'suggest',
    shieldForm: 'suggest',
    captcha: false,
    url: () => AJAX,
    open: async (site) => ({
      action: 'waymark_suggest_item',
      _ajax_nonce: ajaxNonce(site),
      name: 'Corner Bakery',
      address: '12 Main Street',
      website: '',
      email: '',
      note: '',
    }),
    outcome: ajaxOutcome,
  },
  {
    name: 'add-business',
    shieldForm: 'add-business',
    captcha: false,
    url: () => '/add-business',
    open: (site) => listing(site, `Harbour Lights ${site.unique()}`),
    outcome: classicOutcome((res) => res.statusCode === 303),
  },
  {
    name: 'claim',
    shieldForm: 'claim',
    captcha: false,
    url: (site) => `/items/${site.itemId}/claim`,
    open: async (site, who) => {
      const claimant = await signedIn(site.t, 'subscriber', `claimant-${site.unique()}@corpus.test`);
      Object.assign(who.cookies, claimant.cookies);
      return { _wpnonce: claimant.nonce, message: 'I run this place; call me on the shop phone.' };
    },
    outcome: classicOutcome((res) => res.statusCode === 200 && typeof pageData(res).sent === 'string'),
  },
  {
    name: 'cart add-item',
    shieldForm: 'checkout',
    captcha: false,
    url: () => AJAX,
    open: async (site, who) => {
      // Listed through "Add your business" with the paid product, which puts it in this visitor's
      // cart (its cookie); posted from a client of its own, so the corpus's client is fresh.
      const headers = site.freshClient();
      const lister: Visitor = { headers, cookies: who.cookies };
      const listed = await postForm(
        site.t.app,
        '/add-business',
        {
          ...(await listing(site, `Lantern Books ${site.unique()}`)),
          [CART_FIELDS.product]: 'paid-listing',
          ...(await site.personFields(headers)),
        },
        lister,
      );
      if (listed.statusCode !== 303) throw new Error(`no listing in the cart: ${listed.statusCode}`);
      const saved = await site.t.app.storage.db
        .selectFrom('pending_listings')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return {
        action: 'waymark_add_to_cart',
        _ajax_nonce: ajaxNonce(site),
        [CART_FIELDS.product]: 'featured-once',
        [CART_FIELDS.listing]: String(saved.id),
      };
    },
    outcome: ajaxOutcome,
  },
  {
    name: 'sign-in',
    shieldForm: 'sign-in',
    captcha: true,
    url: () => '/login',
    open: async (site, who, person) => {
      // An account of its own: sign-in attempts are limited per account.
      const email = `member-${site.unique()}@corpus.test`;
      await site.t.app.storage.db
        .insertInto('users')
        .values({
          email,
          name: 'Corpus Member',
          password_hash: site.passwordHash,
          role: 'subscriber',
          created_at: new Date().toISOString(),
        })
        .execute();
      return {
        _wpnonce: formNonce(site),
        email,
        password: PASSWORD,
        next: '/',
        ...(person ? await pageCaptcha(site.t.app, '/login', who) : {}),
      };
    },
    outcome: classicOutcome(
      (res) => res.statusCode === 303 && res.cookies.some((cookie) => cookie.name === 'waymark_session'),
      (res) => res.statusCode === 400 && typeof pageData(res).captchaError === 'string',
    ),
  },
  {
    name: 'registration',
    shieldForm: 'registration',
    captcha: true,
    url: () => '/register',
    open: async (site, who, person) => ({
      _wpnonce: formNonce(site),
      name: 'Ada Visitor',
      email: `ada-${site.unique()}@example.org`,
      password: PASSWORD,
      ...(person ? await pageCaptcha(site.t.app, '/register', who) : {}),
    }),
    outcome: classicOutcome(
      // A new member goes on signed in.
      (res) => res.statusCode === 303 && res.cookies.some((cookie) => cookie.name === 'waymark_session'),
      (res) => res.statusCode === 400 && typeof pageData(res).errors?.captcha === 'string',
    ),
  },
  {
    name: 'contact-owner',
    shieldForm: 'contact-owner',
    captcha: true,
    url: () => AJAX,
    open: async (site, who, person) => {
      let captcha = {};
      if (person) {
        // The popup's picture comes from its captcha-change call, as this client.
        const change = await postForm(site.t.app, AJAX, { action: 'waymark_contact_captcha_change' }, who);
        const { code } = change.json() as { code: string };
        captcha = { ccaptcha: code, captcha: site.t.app.captchaKeys.answer(code.split('.')[0] ?? '') };
      }
      return {
        action: 'qcld_pd_send_visitors_email',
        security: site.t.app.nonces.create(NONCE_ACTIONS.directory, ''),
        post_id: String(site.ownedItemId),
        // Each sender its own address: messages are limited per sender.
        data: JSON.stringify({
          name: 'Ada Visitor',
          email: `sender-${site.unique()}@example.org`,
          // The popup sends the owner's address too; the server never reads it.
          to: '',
          subject: 'Opening hours',
          message: 'Are you open on Sunday?',
          sbd_email_title: 'Bakery',
          sbd_email_subtitle: '',
          ...captcha,
        }),
      };
    },
    outcome: (res) => {
      const answer = json(res);
      if (answer.status === true) return 'kept';
      if (STEP_UP_ANSWER in answer || answer.message === DIRECTORY_TEXTS.email.captcha) return 'asked';
      return blockedAnswer(answer) ? 'blocked' : 'unread';
    },
  },
];
