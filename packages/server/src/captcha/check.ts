import { timingSafeEqual } from 'node:crypto';
import type { CaptchaMode } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { visitorHash } from '../shield/index.js';
import type { CaptchaForm } from './token.js';

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

export const CAPTCHA_IMAGE_PATH = '/waymark/captcha.svg';

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

/** Whether a form asks for the captcha: per its setting, and the shield's doubt about the visitor. */
export function captchaRequired(mode: CaptchaMode, verdict: { allowed: boolean; score: number }): boolean {
  if (mode === 'off') return false;
  if (mode === 'always') return true;
  return !verdict.allowed || verdict.score > 0;
}
