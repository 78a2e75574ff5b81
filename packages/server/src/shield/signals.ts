import { NO_COOKIE_FIELD, NO_COOKIE_PREFIX, SIGNAL } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { keepKnown } from './alt-sessions.js';
import { parseBoundedJson } from './bounded-json.js';

/**
 * The page's signals as a submission brings them: in the no-cookie field (`none`), in cookies
 * (`native`) or in the alt session (`alternative`). Whatever the carrier, only the shield's own
 * names survive, each coerced to its type.
 */

const MAX_NO_COOKIE = 262_144;

/** A JSON object sent by the page, or null for anything else (bad JSON, a list, a value). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const parsed = parseBoundedJson(text, MAX_NO_COOKIE);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/** The JSON object inside `ct_no_cookie_hidden_field`, or null. */
export function readNoCookieField(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string' || !value.startsWith(NO_COOKIE_PREFIX) || value.length > MAX_NO_COOKIE) return null;
  return parseJsonObject(Buffer.from(value.slice(NO_COOKIE_PREFIX.length), 'base64').toString('utf8'));
}

function cookieSignals(request: FastifyRequest, prefix: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const name of Object.values(SIGNAL)) {
    const raw = request.cookies[prefix + name];
    if (raw !== undefined) found[name] = raw;
  }
  return found;
}

export interface SignalSources {
  fields: Record<string, unknown>;
  altSession: Record<string, unknown>;
  cookiePrefix: string;
}

export function readSignals(request: FastifyRequest, sources: SignalSources): Record<string, unknown> {
  return keepKnown({
    ...sources.altSession,
    ...cookieSignals(request, sources.cookiePrefix),
    ...(readNoCookieField(sources.fields[NO_COOKIE_FIELD]) ?? {}),
  });
}
