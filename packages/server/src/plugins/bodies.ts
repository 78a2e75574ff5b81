import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * Request bodies as the page layer sends them: `multipart/form-data` (a browser FormData) and
 * `application/x-www-form-urlencoded`, both as plain key/value objects.
 */
export const bodiesPlugin = fp(
  async (app) => {
    app.decorateRequest('bodyRead', false);
    await app.register(formbody, { bodyLimit: 1_048_576 });
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 500, fieldSize: 1_048_576, files: 5, fileSize: 10_485_760, parts: 505 },
    });
    // Multipart bodies are read in a preValidation hook; by preHandler every body has been read.
    app.addHook('preHandler', async (request) => {
      request.bodyRead = true;
    });
  },
  { name: 'bodies' },
);
