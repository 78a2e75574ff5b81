import type { FastifyInstance } from 'fastify';
import { clientHash } from '../shield/index.js';
import { CAPTCHA_IMAGE_PATH, captchaVisitor } from './check.js';
import { captchaPng } from './image.js';
import { CAPTCHA_FORMS } from './token.js';

/** Pictures one address may have drawn in a minute: a person reloads a few; each costs the server ~30 ms. */
export const PICTURES_PER_MINUTE = 30;

/** The captcha's picture, drawn for a code this site issued to this visitor, until it expires. */
export async function captchaRoutes(app: FastifyInstance) {
  app.get(CAPTCHA_IMAGE_PATH, async (request, reply) => {
    const { code } = request.query as { code?: unknown };
    const visitor = captchaVisitor(request);
    const read =
      typeof code === 'string'
        ? CAPTCHA_FORMS.map((form) => app.captchaKeys.read(code, form, visitor)).find((r) => r !== null)
        : undefined;
    if (!read || read.expires <= Date.now()) {
      return reply.code(404).type('text/plain; charset=utf-8').send('This picture expired. Ask for a new one.');
    }
    if ((await app.state.hit(`captcha:draw:${clientHash(app.shield.keys, request)}`, 60)) > PICTURES_PER_MINUTE) {
      return reply.code(429).type('text/plain; charset=utf-8').send('Too many pictures. Please wait a minute.');
    }
    const picture = await captchaPng(app.captchaKeys.answer(read.id), app.captchaKeys.pictureSeed(read.id));
    return reply.header('cache-control', 'no-store').type('image/png').send(picture);
  });
}
