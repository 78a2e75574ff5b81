import fp from 'fastify-plugin';
import { createCaptchaKeys, type CaptchaKeys } from './token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and reads captcha codes; derived from the server secret, the same on every instance. */
    captchaKeys: CaptchaKeys;
  }
}

export const captchaPlugin = fp(
  async (app) => {
    app.decorate('captchaKeys', createCaptchaKeys(app.serverSecret));
  },
  { name: 'captcha', dependencies: ['secret'] },
);
