import { timingSafeEqual } from 'node:crypto';
import type { CaptchaMode } from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { servedOverHttps } from '../plugins/session.js';
import { visitorHash } from '../shield/index.js';
import { CAPTCHA_FORMS, CAPTCHA_LIFETIME_MS, type CaptchaForm } from './token.js';

export type CaptchaCheck = 'ok' | 'missing' | 'wrong' | 'expired';

/** What a refused reply tells the visitor; the form then shows a new picture. */
export const CAPTCHA_MESSAGES: Record<Exclude<CaptchaCheck, 'ok'>, string> = {
  missing: 'Please type the characters shown in the picture.',
  wrong: 'The characters you typed do not match the picture. Please try the new one.',
  expired: 'The picture expired or was used already. Please type the characters of the new one.',
};

/** The visitor a captcha is bound to: the shield's keyed hash of address and browser. */
export const captchaVisitor = (request: FastifyRequest) => visitorHash(request.server.shield.keys, request);

/** A new captcha for this form and visitor: the picture's address and the hidden field's code. */
export function issueCaptcha(request: FastifyRequest, form: CaptchaForm): { url: string; code: string } {
  const { code } = request.server.captchaKeys.issue(form, captchaVisitor(request));
  return { url: `${CAPTCHA_IMAGE_PATH}?code=${encodeURIComponent(code)}`, code };
}

export const CAPTCHA_IMAGE_PATH = '/waymark/captcha.png';

/**
 * Checks a reply to a captcha. A code is good for one reply, right or wrong, on any instance
 * (the shared state remembers it until it would have expired anyway), so a script cannot try
 * answers against one picture.
 */
export async function checkCaptcha(
  request: FastifyRequest,
  form: CaptchaForm,
  reply: { code: string | undefined; answer: string | undefined },
): Promise<CaptchaCheck> {
  const answer = (reply.answer ?? '').trim().toLowerCase();
  if (!reply.code || answer === '') return 'missing';
  const app = request.server;
  const read = app.captchaKeys.read(reply.code, form, captchaVisitor(request));
  const now = Date.now();
  if (!read || read.expires <= now) return 'expired';
  const ttl = Math.ceil((read.expires - now) / 1_000) + 60;
  if (!(await app.state.claim(`captcha:${read.id}`, ttl))) return 'expired';
  const expected = Buffer.from(app.captchaKeys.answer(read.id));
  const given = Buffer.from(answer);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'wrong';
}

/** What the captcha needs of the spam shield's verdict; `fate` where the shield names one. */
export interface CaptchaVerdict {
  allowed: boolean;
  score: number;
  fate?: string;
}

/**
 * Whether a form asks for the captcha: per its setting, and the shield's doubt about the
 * visitor. The doubt is the shield's step-up fate where its verdict has one, else any reason at
 * all against the submission.
 */
export function captchaRequired(mode: CaptchaMode, verdict: CaptchaVerdict): boolean {
  if (mode === 'off') return false;
  if (mode === 'always') return true;
  if (!verdict.allowed) return true;
  return verdict.fate === undefined ? verdict.score > 0 : verdict.fate !== 'pass';
}

const doubtCookie = (form: CaptchaForm) => `waymark_captcha_doubt_${CAPTCHA_FORMS.indexOf(form)}`;

/**
 * Whether this submission must carry a right captcha answer: per the form's setting and the
 * shield's verdict of it. Under `when-in-doubt` a doubt is the step-up: it is noted in a signed,
 * expiring cookie bound to the visitor, so the form's captcha-change call shows this visitor a
 * picture from then on, while a visitor the shield is sure of never sees one.
 */
export function captchaStepUp(
  request: FastifyRequest,
  reply: FastifyReply,
  form: CaptchaForm,
  mode: CaptchaMode,
  verdict: CaptchaVerdict,
): boolean {
  const required = captchaRequired(mode, verdict);
  if (required && mode === 'when-in-doubt') {
    const expires = Date.now() + CAPTCHA_LIFETIME_MS;
    const note = request.server.captchaKeys.doubt(form, captchaVisitor(request), expires);
    reply.setCookie(doubtCookie(form), note, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: servedOverHttps(request),
      expires: new Date(expires),
    });
  }
  return required;
}

/** Whether a form shows its captcha before anything is posted: per its setting and any doubt noted. */
export function captchaOffered(request: FastifyRequest, form: CaptchaForm, mode: CaptchaMode): boolean {
  if (mode !== 'when-in-doubt') return mode === 'always';
  return request.server.captchaKeys.doubted(request.cookies[doubtCookie(form)], form, captchaVisitor(request));
}
