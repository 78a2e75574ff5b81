import { contactCaptchaChange, loginCaptchaChange, registerCaptchaChange } from '@waymark/protocol';
import type { CallRegistry } from '../plugins/call-registry.js';
import { issueCaptcha } from './check.js';

/** The captcha-change calls: a new picture and code for the registration, sign-in and contact forms. */
export function registerCaptchaCalls(calls: CallRegistry) {
  calls.handle(registerCaptchaChange, (_input, { request }) => issueCaptcha(request, 'registration'));
  calls.handle(loginCaptchaChange, (_input, { request }) => issueCaptcha(request, 'sign-in'));
  calls.handle(contactCaptchaChange, (_input, { request }) => issueCaptcha(request, 'contact-owner'));
}
