import type { FastifyInstance } from 'fastify';
import type { CaptchaKeys } from '../../src/captcha/token.js';

/**
 * The sign-in captcha as a person answers it, for tests that sign in: the code the sign-in page
 * carries and the characters its picture shows. A code is bound to the visitor (address and
 * browser), so the page must be fetched as the same client that posts the form.
 */
export function answerLoginCaptcha(loginPage: string, keys: CaptchaKeys): { ccaptcha: string; captcha: string } {
  const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(loginPage)?.[1] ?? '{}';
  const data = (JSON.parse(json) as { data?: { captcha?: { code?: string } | null } }).data;
  const code = data?.captcha?.code ?? '';
  return { ccaptcha: code, captcha: code ? keys.answer(code.split('.')[0] ?? '') : '' };
}

/** Fetches the sign-in page as this client and answers its captcha. */
export async function loginCaptcha(
  app: FastifyInstance,
  client: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<{ ccaptcha: string; captcha: string }> {
  const page = await app.inject({ url: '/login', ...client });
  return answerLoginCaptcha(page.body, app.captchaKeys);
}
