import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { parseId } from '@waymark/protocol';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the body was read without error: errors before that are the client's. */
    bodyRead: boolean;
  }
}

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
    app.addHook('preHandler', (request, _reply, done) => {
      request.bodyRead = true;
      done();
    });
  },
  { name: 'bodies' },
);

/**
 * Normalises a parsed body into the shape the call schemas expect: `name[]` keys become `name`
 * with a list value, file parts are dropped (no call takes files through the dispatcher).
 */
export function normaliseFields(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, value] of Object.entries(body)) {
    if (Buffer.isBuffer(value)) continue;
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const list = Array.isArray(value) ? value : [value];
      const existing = fields[key];
      fields[key] = Array.isArray(existing) ? [...(existing as unknown[]), ...list] : list;
    } else {
      fields[rawKey] = value;
    }
  }
  return fields;
}

/** One string value for a field that may have arrived more than once. */
export function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * A row id from an address or a form field, by the protocol's one rule (plain digits within
 * the database's integer range), or null.
 */
export function positiveId(value: unknown): number | null {
  return parseId(firstString(value));
}

/** Field errors as `{field: message}`, the first message per field. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'body');
    params[key] ??= issue.message;
  }
  return params;
}
