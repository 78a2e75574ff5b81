import type { FastifyRequest } from 'fastify';

/**
 * The 4xx status of an error, or undefined for a real failure. An error raised before the
 * request reached its handler came from reading the body (a truncated multipart part, bad
 * JSON), so it is the client's, whatever status the parser gave it.
 */
export function clientErrorStatus(error: unknown, request: FastifyRequest): number | undefined {
  const status =
    error !== null && typeof error === 'object' ? (error as { statusCode?: unknown }).statusCode : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  return request.bodyRead ? undefined : 400;
}
