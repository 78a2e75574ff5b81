import { accountsSettings, isEmailFormat, NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CAPTCHA_MESSAGES, captchaOffered, captchaStepUp, checkCaptcha, issueCaptcha } from '../captcha/index.js';
import { normaliseFields } from '../plugins/bodies.js';
import { clearSessionCookie, endSession, sessionCookieName, signInAs } from '../plugins/session.js';
import { readSetting } from '../settings/store.js';
import { judgeSubmission, refusalPage, renderBlockedPage } from '../shield/index.js';
import { holdForConfirmation, LINKS_SPENT, withinLinkShare } from '../email-confirm/index.js';
import { enqueueMail } from '../mail/index.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { countSignInFailure, signInWait } from './backoff.js';
import { failureNotice } from './failure-notice.js';
import { verifyPassword } from './passwords.js';
import { findLogin } from './store.js';

const WRONG_CREDENTIALS = 'The e-mail address or password is incorrect.';
const EXPIRED_FORM = 'The form expired. Please try again.';
const EXPIRED_LINK = 'This link is not valid any more: the password changed. Ask for a new one.';
/** Said only to the address that failed: how long it waits, in words a person plans by. */
const tooMany = (seconds: number) =>
  `Too many wrong passwords from here. Please wait ${seconds >= 3_600 ? 'an hour' : seconds >= 900 ? 'a quarter of an hour' : 'a minute'} and try again, or reset your password.`;

const loginForm = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1_000).default(''),
  next: z.string().max(2_000).default('/'),
  _wpnonce: z.string().max(64).default(''),
  captcha: z.string().max(100).default(''),
  ccaptcha: z.string().max(200).default(''),
});

const LINK_SENT = 'If an account uses this address, we sent it a link that signs you in. It works once, for one hour.';

/** What a mailed sign-in link holds: the account, and its password hash then (a new password ends the link). */
const signInLink = z.object({ email: z.string(), passwordHash: z.string(), next: z.string() });

const linkForm = z.object({
  email: z.string().trim().max(320).default(''),
  next: z.string().max(2_000).default('/'),
  _wpnonce: z.string().max(64).default(''),
});

const OWN = new URL('http://waymark.invalid/');

const hasControlCharacter = (text: string) => [...text].some((c) => c <= '\u001f' || c === '\u007f');

/**
 * Only a path on this site, so sign-in cannot redirect elsewhere: it must start with `/` and,
 * read by the browser's own URL rules (which drop tabs and newlines and turn `\` into `/`),
 * stay on our origin. Control characters make it no `next` at all. Answers the path as the
 * URL parser serialises it, so what is sent is what the browser will follow.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || hasControlCharacter(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, OWN);
  } catch {
    return '/';
  }
  return url.origin === OWN.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** Sign-in and sign-out, as classic forms. */
export async function authRoutes(app: FastifyInstance) {
  const captchaMode = async (request: FastifyRequest) =>
    (await readSetting(app.storage, accountsSettings, (m) => request.log.warn(m))).captcha.signIn;
  const showLogin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { next: string; email: string; error?: string; captchaError?: string; stepUp?: boolean },
    status = 200,
  ) => {
    const shown = state.stepUp || captchaOffered(request, 'sign-in', await captchaMode(request));
    return reply.renderPage(
      {
        page: 'login',
        title: 'Sign in',
        next: state.next,
        email: state.email,
        error: state.error ?? null,
        captcha: shown ? issueCaptcha(request, 'sign-in') : null,
        captchaError: state.captchaError ?? null,
      },
      status,
    );
  };

  app.get('/login', async (request, reply) => {
    const next = safeNext((request.query as { next?: unknown } | undefined)?.next);
    if (request.user) return reply.redirect(next, 303);
    return showLogin(request, reply, { next, email: '' });
  });

  app.post('/login', async (request, reply) => {
    const form = loginForm.safeParse(request.body ?? {});
    if (!form.success) return showLogin(request, reply, { next: '/', email: '', error: WRONG_CREDENTIALS }, 400);
    const { email, password, _wpnonce } = form.data;
    const next = safeNext(form.data.next);

    if (!app.nonces.verify(_wpnonce, NONCE_ACTIONS.form, request.nonceSession)) {
      return showLogin(request, reply, { next, email, error: EXPIRED_FORM }, 403);
    }
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'sign-in' });
    if (!verdict.allowed) return renderBlockedPage(reply, app.shield.settings().blockMessage);
    // The price first: the page pays the puzzle and sends again.
    if (verdict.fate === 'step-up') return refusalPage(request, reply, verdict);
    const mode = await captchaMode(request);
    // Still in doubt after it, the captcha; without one to ask, a refusal, never a silent pass.
    if (mode === 'off' && verdict.fate === 'hold') return refusalPage(request, reply, verdict);
    // The captcha before the password: a script cannot try passwords without reading pictures.
    const stepUp = captchaStepUp(request, reply, 'sign-in', mode, verdict);
    if (stepUp) {
      const check = await checkCaptcha(request, 'sign-in', { code: form.data.ccaptcha, answer: form.data.captcha });
      if (check !== 'ok') {
        return showLogin(request, reply, { next, email, captchaError: CAPTCHA_MESSAGES[check], stepUp }, 400);
      }
    }
    // Only where this address failed before: the owner's right password from elsewhere always works.
    const wait = await signInWait(app, request, email);
    if (wait) return showLogin(request, reply, { next, email, error: tooMany(wait.waitSeconds) }, 429);
    const user = await findLogin(app.storage, email);
    // Hash even for an unknown address, so the answer time does not tell which addresses exist.
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) {
      if ((await countSignInFailure(app, request, email)) && user) {
        await enqueueMail(app.storage.db, failureNotice(email.toLowerCase(), app.config.siteName, siteOrigin(request)));
      }
      return showLogin(request, reply, { next, email, error: WRONG_CREDENTIALS, stepUp }, 401);
    }

    await signInAs(request, reply, user.id);
    return reply.redirect(next, 303);
  });

  // The way through the picture that needs no sight: a one-time link to the account's mailbox.
  app.emailConfirmations.register('sign-in', {
    describe: () => 'Sign me in',
    async confirm(request, reply, payload) {
      const link = signInLink.safeParse(payload);
      const user = link.success ? await findLogin(app.storage, link.data.email) : undefined;
      if (!link.success || !user || user.password_hash !== link.data.passwordHash) {
        return showLogin(request, reply, { next: '/', email: '', error: EXPIRED_LINK }, 400);
      }
      await signInAs(request, reply, user.id);
      return reply.redirect(safeNext(link.data.next), 303);
    },
  });

  const showLink = (
    reply: FastifyReply,
    state: { next: string; email?: string; error?: string; done?: string },
    status = 200,
  ) =>
    reply.renderPage(
      {
        page: 'login-link',
        title: 'Sign in with an e-mailed link',
        next: state.next,
        email: state.email ?? '',
        error: state.error ?? null,
        done: state.done ?? null,
      },
      status,
    );

  app.get('/login/email-link', async (request, reply) => {
    const next = safeNext((request.query as { next?: unknown } | undefined)?.next);
    if (request.user) return reply.redirect(next, 303);
    return showLink(reply, { next });
  });

  app.post('/login/email-link', async (request, reply) => {
    const form = linkForm.safeParse(request.body ?? {});
    const { email, _wpnonce } = form.success ? form.data : { email: '', _wpnonce: '' };
    const next = safeNext(form.success ? form.data.next : '/');
    if (!app.nonces.verify(_wpnonce, NONCE_ACTIONS.form, request.nonceSession)) {
      return showLink(reply, { next, email, error: EXPIRED_FORM }, 403);
    }
    if (!isEmailFormat(email)) return showLink(reply, { next, email, error: 'Please enter your e-mail address.' }, 400);
    const verdict = await judgeSubmission(request, normaliseFields(request.body), { form: 'sign-in' });
    if (!verdict.allowed) return renderBlockedPage(reply, app.shield.settings().blockMessage);
    // The puzzle still; a doubt after it is what the mailbox answers.
    if (verdict.fate === 'step-up') return refusalPage(request, reply, verdict);
    if (!(await withinLinkShare(request, email))) return showLink(reply, { next, email, error: LINKS_SPENT }, 429);
    const user = await findLogin(app.storage, email);
    if (user) {
      await holdForConfirmation(request, {
        kind: 'sign-in',
        to: { email },
        payload: { email, passwordHash: user.password_hash, next },
        subject: `Sign in to ${app.config.siteName}`,
        explanation: `You asked for a link that signs you in to ${app.config.siteName} without the picture.`,
        actionLabel: 'Sign me in',
      });
    }
    return showLink(reply, { next, done: LINK_SENT });
  });

  app.post('/logout', async (request, reply) => {
    const nonce = (request.body as { _wpnonce?: unknown } | undefined)?._wpnonce;
    const token = request.cookies[sessionCookieName(request)];
    if (token && app.nonces.verify(nonce, NONCE_ACTIONS.form, request.nonceSession)) {
      await endSession(app.storage, token);
      clearSessionCookie(request, reply);
    }
    return reply.redirect('/', 303);
  });
}

// A valid hash of a random password, for the unknown-address path.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
