import type { FastifyInstance } from 'fastify';
import { CAPTCHA_IMAGE_PATH, captchaVisitor } from './check.js';
import { captchaSvg } from './image.js';
import { CAPTCHA_FORMS } from './token.js';

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
    return reply
      .header('cache-control', 'no-store')
      .type('image/svg+xml; charset=utf-8')
      .send(captchaSvg(app.captchaKeys.answer(read.id)));
  });
}
