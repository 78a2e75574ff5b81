import { accountsSettings, isEmailFormat, NONCE_ACTIONS, type PageData } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CAPTCHA_MESSAGES, captchaOffered, captchaStepUp, checkCaptcha, issueCaptcha } from '../captcha/index.js';
import { checkEmail, createMxLookup } from '../email-check/index.js';
import { holdForConfirmation, LINKS_SPENT, withinLinkShare } from '../email-confirm/index.js';
import { enqueueMail } from '../mail/index.js';
import { firstString, normaliseFields } from '../plugins/bodies.js';
import { SESSION_COOKIE, signInAs } from '../plugins/session.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { readSetting } from '../settings/store.js';
import { judgeSubmission, refusalPage, renderBlockedPage } from '../shield/index.js';
import { alreadyRegisteredMail, verificationMail } from './mails.js';
import { mailPasswordReset } from './password-reset.js';
import { passwordProblem, type PasswordHasher } from './passwords.js';
import { deleteMember, findAccount, findAccountByEmail, insertMember, markVerified, setPassword } from './store.js';
import { createAccountTokens } from './tokens.js';

export interface AccountsOptions {
  /** The sign-in feature's password hashing, handed over by the app. */
  passwords: PasswordHasher;
}

const EXPIRED_FORM = 'The form expired. Please try again.';
const BAD_LINK = 'This link is not valid any more: it was used already, or it expired. Ask for a new one.';
const CHECK_MAIL = (email: string) =>
  `We sent a message to ${email}. Open the link in it to confirm your address; you can sign in already.`;
const RESET_SENT =
  'If an account uses this address, we sent it a link to choose a new password. It works once, for one hour.';
const WRONG_PASSWORD = 'The password is not correct.';
const WELCOME = (email: string) =>
  `Welcome: you are signed in. We sent a message to ${email}; open the link in it to confirm your address.`;
const WELCOME_CONFIRMED = 'Welcome: you are signed in, and your e-mail address is confirmed.';
const LINK_TO_MAKE = (email: string) =>
  `We sent a link to ${email}. Open it to make your account; it works once, for one hour.`;
const TAKEN = 'An account already uses this address. Sign in, or choose a new password if you forgot it.';

/** A registration that waits for its mailed link (the way through the picture that needs no sight). */
const heldMember = z.object({ name: z.string(), email: z.string(), passwordHash: z.string() });
const FORGOT_PER_HOUR = 5;

type Fields = Record<string, unknown>;

/**
 * Visitor accounts, as classic forms that work without scripts: registration with its captcha
 * and the confirmation link, "forgot password" with a single-use reset link, and the account
 * page where a member changes the password or deletes the account. Signing in is the sign-in
 * feature's (`/login`), which takes members and administrators alike.
 */
export async function accountRoutes(app: FastifyInstance, { passwords }: AccountsOptions) {
  const tokens = createAccountTokens(app.serverSecret);
  const { dnsServers: servers, dnsTimeoutMs: timeoutMs, dnsCanary: canary } = app.config;
  const lookup = createMxLookup({ servers, timeoutMs, canary, cacheTtlMs: 3_600_000 });
  const settings = (request: FastifyRequest) => readSetting(app.storage, accountsSettings, (m) => request.log.warn(m));
  const text = (fields: Fields, name: string, max = 1_000) => (firstString(fields[name]) ?? '').slice(0, max);
  const nonceOk = (request: FastifyRequest, fields: Fields) =>
    app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession);
  const link = (request: FastifyRequest, path: string, token: string) =>
    `${siteOrigin(request)}${path}?token=${encodeURIComponent(token)}`;
  const notice = (reply: FastifyReply, message: string, status = 200, to = { href: '/login', label: 'Sign in' }) =>
    reply.renderPage({ page: 'account-notice', title: 'Your account', message, link: to }, status);

  // Registration.
  const showRegister = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: Partial<Omit<Extract<PageData, { page: 'register' }>, 'captcha'>> & { stepUp?: boolean },
    status = 200,
  ) => {
    const mode = (await settings(request)).captcha.registration;
    const shown = !state.done && (state.stepUp || captchaOffered(request, 'registration', mode));
    return reply.renderPage(
      {
        page: 'register',
        title: 'Make an account',
        values: state.values ?? { name: '', email: '' },
        errors: state.errors ?? {},
        captcha: shown ? issueCaptcha(request, 'registration') : null,
        done: state.done ?? null,
      },
      status,
    );
  };

  app.get('/register', async (request, reply) => {
    if (request.user) return reply.redirect('/account', 303);
    return showRegister(request, reply, {});
  });

  app.post('/register', async (request, reply) => {
    const fields = normaliseFields(request.body);
    const values = { name: text(fields, 'name', 200).trim(), email: text(fields, 'email', 320).trim() };
    const password = text(fields, 'password');
    if (!nonceOk(request, fields)) return showRegister(request, reply, { values, errors: { form: EXPIRED_FORM } }, 403);
    const config = await settings(request);
    const errors: Record<string, string> = {};
    if (!values.name) errors.name = 'Please enter your name.';
    if (!isEmailFormat(values.email)) errors.email = 'Please enter your e-mail address.';
    const weak = passwordProblem(password, config.passwordMinLength, values);
    if (weak) errors.password = weak;
    if (Object.keys(errors).length > 0) return showRegister(request, reply, { values, errors }, 400);

    const verdict = await judgeSubmission(request, fields, { form: 'registration' });
    if (!verdict.allowed) return renderBlockedPage(reply, app.shield.settings().blockMessage);
    // The price first: the page pays the puzzle and sends again. Still in doubt after it, the
    // captcha; without one to ask, a refusal, never a silent pass.
    if (verdict.fate === 'step-up' || (config.captcha.registration === 'off' && verdict.fate === 'hold')) {
      return refusalPage(request, reply, verdict);
    }
    const stepUp = captchaStepUp(request, reply, 'registration', config.captcha.registration, verdict);
    const byEmail = stepUp && text(fields, 'confirm_by_email') === '1';
    if (stepUp && !byEmail) {
      const check = await checkCaptcha(request, 'registration', {
        code: text(fields, 'ccaptcha'),
        answer: text(fields, 'captcha'),
      });
      if (check !== 'ok')
        return showRegister(request, reply, { values, errors: { captcha: CAPTCHA_MESSAGES[check] }, stepUp }, 400);
    }
    const address = await checkEmail(values.email, lookup);
    if (address.result === 'NOT_EXISTS' || address.result === 'MX_FAIL') {
      return showRegister(request, reply, { values, errors: { email: address.text }, stepUp }, 400);
    }

    const passwordHash = await passwords.hash(password);
    if (byEmail) {
      if (!(await withinLinkShare(request, values.email))) {
        return showRegister(request, reply, { values, errors: { form: LINKS_SPENT }, stepUp }, 429);
      }
      await holdForConfirmation(request, {
        kind: 'registration',
        to: values,
        payload: { ...values, passwordHash },
        subject: `Make your account on ${app.config.siteName}`,
        explanation: `You asked to make an account on ${app.config.siteName}, confirmed by e-mail instead of the picture.`,
        actionLabel: 'Make my account',
      });
      return showRegister(request, reply, { done: LINK_TO_MAKE(values.email) });
    }
    const id = await app.storage.db.transaction().execute(async (trx) => {
      const id = await insertMember(trx, { ...values, passwordHash });
      if (id === null) {
        // The same answer as for a new account, so the form does not tell who has one here.
        const existing = { name: values.name, email: values.email };
        await enqueueMail(
          trx,
          alreadyRegisteredMail(existing, `${siteOrigin(request)}/account/forgot`, app.config.siteName),
        );
        return null;
      }
      const token = tokens.make('verify', id, values.email.toLowerCase());
      await enqueueMail(trx, verificationMail(values, link(request, '/account/verify', token), app.config.siteName));
      return id;
    });
    if (id === null) return showRegister(request, reply, { done: CHECK_MAIL(values.email) });
    // A newcomer goes on signed in: no second form (and no second challenge) a minute later.
    await signInAs(request, reply, id);
    return reply.redirect('/account?welcome=1', 303);
  });

  app.emailConfirmations.register('registration', {
    describe: () => 'Make my account',
    async confirm(request, reply, payload) {
      const held = heldMember.safeParse(payload);
      if (!held.success) return notice(reply, BAD_LINK, 400);
      const { name, email, passwordHash } = held.data;
      const id = await app.storage.db.transaction().execute((trx) => insertMember(trx, { name, email, passwordHash }));
      if (id === null) return notice(reply, TAKEN, 409);
      // The link came to this mailbox: the address is confirmed by the same click.
      await markVerified(app.storage, id);
      await signInAs(request, reply, id);
      return reply.redirect('/account?welcome=1', 303);
    },
  });

  app.get('/account/verify', async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const id = tokens.userOf(token);
    const account = id === null ? undefined : await findAccount(app.storage, id);
    if (!account || !tokens.check('verify', token, account.email) || account.verified_at) {
      return notice(reply, BAD_LINK, 400);
    }
    await markVerified(app.storage, account.id);
    return notice(
      reply,
      'Thank you: your e-mail address is confirmed.',
      200,
      request.user ? { href: '/account', label: 'Your account' } : undefined,
    );
  });

  // Forgotten passwords.
  const showForgot = (reply: FastifyReply, errors: Record<string, string>, done: string | null, status = 200) =>
    reply.renderPage({ page: 'forgot-password', title: 'Forgot your password?', errors, done }, status);

  app.get('/account/forgot', async (_request, reply) => showForgot(reply, {}, null));

  app.post('/account/forgot', async (request, reply) => {
    const fields = normaliseFields(request.body);
    if (!nonceOk(request, fields)) return showForgot(reply, { form: EXPIRED_FORM }, null, 403);
    const email = text(fields, 'email', 320).trim();
    if (!isEmailFormat(email)) return showForgot(reply, { email: 'Please enter your e-mail address.' }, null, 400);
    const verdict = await judgeSubmission(request, fields, { form: 'sign-in' });
    if (!verdict.allowed) return renderBlockedPage(reply, app.shield.settings().blockMessage);
    if ((await app.state.hit(`forgot:${request.ip}`, 3_600)) > FORGOT_PER_HOUR) {
      return showForgot(reply, { form: 'Too many requests. Please try again in an hour.' }, null, 429);
    }
    const account = await findAccountByEmail(app.storage, email);
    if (account) await mailPasswordReset(app, request, account);
    return showForgot(reply, {}, RESET_SENT);
  });

  const showReset = (reply: FastifyReply, token: string, errors: Record<string, string>, status = 200) =>
    reply.renderPage({ page: 'reset-password', title: 'Choose a new password', token, errors }, status);
  const resetAccount = async (token: string) => {
    const id = tokens.userOf(token);
    const account = id === null ? undefined : await findAccount(app.storage, id);
    return account && tokens.check('reset', token, account.password_hash) ? account : null;
  };

  app.get('/account/reset', async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    if (!(await resetAccount(token)))
      return notice(reply, BAD_LINK, 400, { href: '/account/forgot', label: 'Ask for a new link' });
    return showReset(reply, token, {});
  });

  app.post('/account/reset', async (request, reply) => {
    const fields = normaliseFields(request.body);
    const token = text(fields, 'token', 200);
    if (!nonceOk(request, fields)) return showReset(reply, token, { form: EXPIRED_FORM }, 403);
    const account = await resetAccount(token);
    if (!account) return notice(reply, BAD_LINK, 400, { href: '/account/forgot', label: 'Ask for a new link' });
    const password = text(fields, 'password');
    const weak = passwordProblem(password, (await settings(request)).passwordMinLength, account);
    if (weak) return showReset(reply, token, { password: weak }, 400);
    // The new hash ends the link and every session: whoever had the old password is out.
    await setPassword(app.storage, account.id, await passwords.hash(password), null);
    return notice(reply, 'Your password is changed. Sign in with the new one.');
  });

  // The account page: change the password, delete the account.
  const showAccount = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { errors?: Record<string, string>; message?: string | null },
    status = 200,
  ) => {
    const account = request.user ? await findAccount(app.storage, request.user.id) : undefined;
    if (!account) return reply.redirect(`/login?next=${encodeURIComponent('/account')}`, 303);
    return reply.renderPage(
      {
        page: 'account',
        title: 'Your account',
        name: account.name,
        email: account.email,
        verified: Boolean(account.verified_at),
        deletable: account.role === 'subscriber',
        errors: state.errors ?? {},
        message: state.message ?? null,
      },
      status,
    );
  };

  app.get('/account', async (request, reply) => {
    const welcomed = (request.query as { welcome?: unknown }).welcome === '1' ? request.user : undefined;
    const account = welcomed ? await findAccount(app.storage, welcomed.id) : undefined;
    const message = account && (account.verified_at ? WELCOME_CONFIRMED : WELCOME(account.email));
    return showAccount(request, reply, { message: message || null });
  });

  app.post('/account/password', async (request, reply) => {
    const fields = normaliseFields(request.body);
    if (!request.user) return reply.redirect('/login?next=%2Faccount', 303);
    if (!nonceOk(request, fields)) return showAccount(request, reply, { errors: { form: EXPIRED_FORM } }, 403);
    const account = await findAccount(app.storage, request.user.id);
    if (!account || !(await passwords.verify(text(fields, 'current'), account.password_hash))) {
      return showAccount(request, reply, { errors: { current: WRONG_PASSWORD } }, 400);
    }
    const password = text(fields, 'password');
    const weak = passwordProblem(password, (await settings(request)).passwordMinLength, account);
    if (weak) return showAccount(request, reply, { errors: { password: weak } }, 400);
    // Other devices signed in with the old password are signed out; this one stays.
    await setPassword(app.storage, account.id, await passwords.hash(password), request.user.sessionId);
    return showAccount(request, reply, { message: 'Your password is changed.' });
  });

  app.post('/account/delete', async (request, reply) => {
    const fields = normaliseFields(request.body);
    if (!request.user) return reply.redirect('/login?next=%2Faccount', 303);
    if (!nonceOk(request, fields)) return showAccount(request, reply, { errors: { form: EXPIRED_FORM } }, 403);
    const account = await findAccount(app.storage, request.user.id);
    if (!account || account.role !== 'subscriber') {
      return showAccount(request, reply, { errors: { form: 'An administrator’s account is not deleted here.' } }, 400);
    }
    if (!(await passwords.verify(text(fields, 'confirm'), account.password_hash))) {
      return showAccount(request, reply, { errors: { confirm: WRONG_PASSWORD } }, 400);
    }
    await deleteMember(app.storage, account.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return notice(reply, 'Your account is deleted, with your favourites.', 200, {
      href: '/',
      label: 'Back to the directory',
    });
  });
}
