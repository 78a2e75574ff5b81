import type { FastifyRequest } from 'fastify';

/**
 * The 4xx status of an error, or undefined for a real failure. An error raised before the
 * request reached its handler came from reading the body (a truncated multipart part, bad
 * JSON), so it is the client's, whatever status the parser gave it; a database that cannot be
 * reached is never the client's.
 */
export function clientErrorStatus(error: unknown, request: FastifyRequest): number | undefined {
  if (databaseUnavailable(error)) return undefined;
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return status;
  return request.bodyRead ? undefined : 400;
}

const statusOf = (error: unknown): number | undefined => {
  const status =
    error !== null && typeof error === 'object' ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' ? status : undefined;
};

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

// Node's socket errors, and PostgreSQL's "connection exception" (08…) and "operator
// intervention" (57P0…: shutting down, cannot connect now) classes.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const POSTGRES_DOWN = /^(08\d{3}|57P0[1-3])$/;
const POOL_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/** Whether the error says the database (or the network to it) is gone, not that a query was wrong. */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_DOWN.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    // An AggregateError (every address of a host refused) carries the socket errors inside.
    if (Array.isArray(errors) && errors.some((inner) => databaseUnavailable(inner))) return true;
    e = cause;
  }
  return false;
}

export interface ErrorAnswer {
  status: number;
  /** Text for a person: never the parser's or the database's own words. */
  message: string;
  retryAfter?: number;
}

const CLIENT_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request could not be read. Please check what was sent and try again.',
  404: 'Not Found',
  406: 'The request could not be read: this address does not take that kind of body.',
  413: 'The request is too large.',
  415: 'The request could not be read: this address does not take that kind of body.',
};

/** What the site answers for an error: a clear 4xx, 503 while the database is away, or 500. */
export function errorAnswer(error: unknown, request: FastifyRequest): ErrorAnswer {
  if (databaseUnavailable(error)) {
    return {
      status: 503,
      message: 'The site is briefly unavailable. Please try again in a few seconds.',
      retryAfter: RETRY_AFTER_SECONDS,
    };
  }
  const status = clientErrorStatus(error, request);
  if (status === undefined) return { status: 500, message: 'The server could not answer this request.' };
  return { status, message: CLIENT_MESSAGES[status] ?? CLIENT_MESSAGES[400]! };
}
