import type { Browser } from 'playwright-core';
import { openPage } from './browser.js';

/**
 * The protected forms the person and bot corpora fill, each as a visitor finds it: its page, the
 * spam log's name for it, its fields in the order they are filled and its button. Where their
 * parts lie in a window is measured (`measureLayout` in `layouts.ts`), never assumed.
 */

/** The corpus's windows fill a 1280 × 900 screen. */
export const WIDTH = 1280;
export const HEIGHT = 900;

export type Point = readonly [number, number];

/** Where a form's parts are in a 1280 × 900 window (measured in the corpus's own window). */
export interface Layout {
  /** The text fields a session fills, in order. */
  fields: readonly [Point, Point, ...Point[]];
  submit: Point;
  /** The button that shows the form, where the form waits behind one (a dialog's). */
  opener?: Point;
  /** The list a session picks from, where the form has one. */
  choice?: Point;
  /** How many Tabs from a freshly loaded page reach the first field. */
  tabs: number;
}

/** A page a session opens: its path and what its window's title holds once it has arrived. */
export interface WindowPage {
  path: string;
  title: string;
}

/** A protected form the corpora drive: its page, the spam log's name for it, its fields and button. */
export interface CorpusForm {
  form: string;
  page: WindowPage;
  fields: readonly [string, string, ...string[]];
  submit: string;
  /** The button a visitor presses first to show the form, where it is a dialog's. */
  opener?: string;
  /** A list the form needs an option of (its `select`, the option's label), picked before typing. */
  choice?: { field: string; option: string };
  /** Sent with Enter from its last field, where its button is below the window's fold. */
  sentWithEnter?: boolean;
}

/** The button of a form of the shield's (`ProtectedForm`), whichever way its markup says it. */
const submitOf = (form: string) => `${form} button[type="submit"], ${form} button:not([type])`;

export const SUGGEST_PAGE: WindowPage = { path: '/suggest', title: 'Suggest a place' };
export const SUGGEST_FORM: CorpusForm = {
  form: 'suggest',
  page: SUGGEST_PAGE,
  fields: ['input[name="name"]', 'input[name="address"]'],
  submit: submitOf('form.suggest__form'),
};

/** Sign-in: the form a credential-stuffing farm posts to. */
export const SIGN_IN_FORM: CorpusForm = {
  form: 'sign-in',
  page: { path: '/login', title: 'Sign in' },
  fields: ['#login-email', '#login-password'],
  submit: submitOf('form.login__form'),
};

/** Registration: the form a fake-account farm posts to. */
export const REGISTRATION_FORM: CorpusForm = {
  form: 'registration',
  page: { path: '/register', title: 'Make an account' },
  fields: ['#register-name', '#email', '#register-password'],
  submit: submitOf('form.account__form'),
};

/**
 * "E-mail the owner" of the first item: a dialog's form, no account needed. The page is opened at
 * the item's card (its anchor), as a farm's list of targets names it, so its button is in view.
 */
const contactField = (name: string) => `form.contact-owner__form input[name="${name}"]`;
export const CONTACT_OWNER_FORM: CorpusForm = {
  form: 'contact-owner',
  page: { path: '/#item-1', title: 'Waymark' },
  opener: '#item-1 button.contact-owner__open',
  fields: [
    contactField('name'),
    contactField('email'),
    contactField('subject'),
    'form.contact-owner__form textarea[name="message"]',
  ],
  submit: submitOf('form.contact-owner__form'),
};

/** "Add your business": a fake-listing farm's form; it needs a name, an address to reach and a category. */
export const ADD_BUSINESS_FORM: CorpusForm = {
  form: 'add-business',
  page: { path: '/add-business', title: 'Add your business' },
  choice: { field: 'form.add-business__form select[name="category"]', option: 'Shops' },
  fields: ['form.add-business__form input[name="title"]', 'form.add-business__form input[name="email"]'],
  submit: submitOf('form.add-business__form'),
  sentWithEnter: true,
};

/** The review form of the first item with reviews, as a visitor reaches it from its card. */
export async function reviewForm(browser: Browser, baseUrl: string): Promise<CorpusForm> {
  const tracked = await openPage(browser, { viewport: { width: WIDTH, height: HEIGHT } });
  try {
    await tracked.page.goto(baseUrl);
    const link = tracked.page.getByRole('link', { name: /^Reviews of / }).first();
    const href = await link.getAttribute('href');
    if (!href) throw new Error('No item has reviews');
    const item = new URL(href, baseUrl);
    await tracked.page.goto(item.href);
    const title = await tracked.page.title();
    return {
      form: 'review',
      page: { path: item.pathname + item.hash, title },
      fields: ['form.reviews__form input[name="author"]', 'form.reviews__form textarea[name="body"]'],
      submit: submitOf('form.reviews__form'),
    };
  } finally {
    await tracked.close();
  }
}

/** Every form the bot corpus posts to, by the spam log's name, the review form found on `baseUrl`. */
export async function attackedForms(browser: Browser, baseUrl: string): Promise<CorpusForm[]> {
  return [
    SUGGEST_FORM,
    await reviewForm(browser, baseUrl),
    SIGN_IN_FORM,
    REGISTRATION_FORM,
    CONTACT_OWNER_FORM,
    ADD_BUSINESS_FORM,
  ];
}
