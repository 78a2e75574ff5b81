/** Captchas: pictures drawn on the server, single use, expiring, bound to a form and a visitor. */
export { captchaPlugin } from './plugin.js';
export { captchaRoutes } from './routes.js';
export { registerCaptchaCalls } from './calls.js';
export {
  CAPTCHA_MESSAGES,
  captchaOffered,
  captchaRequired,
  captchaStepUp,
  checkCaptcha,
  issueCaptcha,
  type CaptchaCheck,
} from './check.js';
export { CAPTCHA_FORMS, CAPTCHA_LIFETIME_MS, type CaptchaForm } from './token.js';
