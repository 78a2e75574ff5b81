import {
  accountsSettings,
  contactCaptchaChange,
  loginCaptchaChange,
  registerCaptchaChange,
  type AccountsSettings,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { readSetting } from '../settings/store.js';
import { captchaOffered, issueCaptcha } from './check.js';
import type { CaptchaForm } from './token.js';

const SETTING: Record<CaptchaForm, keyof AccountsSettings['captcha']> = {
  registration: 'registration',
  'sign-in': 'signIn',
  'contact-owner': 'contactOwner',
};

/**
 * The captcha-change calls: a new picture and code for the registration, sign-in and contact
 * forms. *Waymark:* a form whose captcha is off, or asked for only when in doubt while the spam
 * shield has not doubted this visitor, gets `{"url":"","code":""}`, and shows none.
 */
export function registerCaptchaCalls(calls: CallRegistry, app: FastifyInstance) {
  const change = async (request: FastifyRequest, form: CaptchaForm) => {
    const settings = await readSetting(app.storage, accountsSettings, (m) => request.log.warn(m));
    return captchaOffered(request, form, settings.captcha[SETTING[form]])
      ? issueCaptcha(request, form)
      : { url: '', code: '' };
  };
  calls.handle(registerCaptchaChange, (_input, { request }) => change(request, 'registration'));
  calls.handle(loginCaptchaChange, (_input, { request }) => change(request, 'sign-in'));
  calls.handle(contactCaptchaChange, (_input, { request }) => change(request, 'contact-owner'));
}
