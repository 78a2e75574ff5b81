import { SIGNAL, altSessions } from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { parseBoundedJson, valueWithin } from './bounded-json.js';
import { altSessionKey } from './client.js';

/**
 * Alt sessions (PROTOCOL.md section 3): with the `alternative` cookie type the page saves its
 * signals through this call. Only the shield's own names are kept, each coerced to its type;
 * rows are keyed by a hash of client address, user agent and accept-language and live 24 h.
 */

export const ALT_SESSION_LIFE_MS = 86_400_000;

type Kind = 'bool' | 'number' | 'json' | 'hash' | 'url' | 'text';

export const ALT_SESSION_TYPES: Readonly<Record<string, Kind>> = {
  [SIGNAL.sessionId]: 'hash',
  [SIGNAL.pageHits]: 'number',
  [SIGNAL.siteReferer]: 'url',
  [SIGNAL.prevReferer]: 'url',
  [SIGNAL.currentPage]: 'url',
  [SIGNAL.pageSet]: 'number',
  [SIGNAL.firstKeyPress]: 'number',
  [SIGNAL.pointer]: 'json',
  [SIGNAL.timezone]: 'number',
  [SIGNAL.screen]: 'json',
  [SIGNAL.headless]: 'bool',
  [SIGNAL.checkJs]: 'hash',
  [SIGNAL.mouseMoved]: 'bool',
  [SIGNAL.scrolled]: 'bool',
  [SIGNAL.inputFocused]: 'bool',
  [SIGNAL.keyUp]: 'bool',
  [SIGNAL.cookiesType]: 'text',
  [SIGNAL.checkedEmails]: 'json',
  [SIGNAL.checkedEmailsExist]: 'json',
  [SIGNAL.pixelUrl]: 'url',
  [SIGNAL.eventToken]: 'hash',
  [SIGNAL.jsErrors]: 'json',
  [SIGNAL.botDetectorLog]: 'json',
  [SIGNAL.visibleFields]: 'json',
  [SIGNAL.typing]: 'json',
  [SIGNAL.activity]: 'json',
  [SIGNAL.submitTimestamp]: 'number',
  [SIGNAL.antiCrawler]: 'bool',
  [SIGNAL.tells]: 'json',
  [SIGNAL.behaviour]: 'json',
};

const MAX_JSON = 16_384;

/** The value coerced to its name's type, or undefined when it cannot be. */
export function coerce(kind: Kind, value: unknown): unknown {
  switch (kind) {
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case 'json': {
      // Bounded before anything walks it: a deeply nested value would overflow the stack.
      const parsed = typeof value === 'string' ? parseBoundedJson(value, MAX_JSON) : value;
      if (typeof parsed !== 'object' || parsed === null || !valueWithin(parsed)) return undefined;
      return JSON.stringify(parsed).length <= MAX_JSON ? parsed : undefined;
    }
    case 'hash':
      return typeof value === 'string' && /^[0-9a-z]{1,128}$/i.test(value) ? value : undefined;
    case 'url':
      return typeof value === 'string' && value.length <= 2_000 && /^https?:\/\//i.test(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' && value.length <= 100 ? value : undefined;
  }
}

/** Only the known names, each coerced; the rest are dropped. */
export function keepKnown(cookies: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(cookies)) {
    const kind = ALT_SESSION_TYPES[name];
    const coerced = kind ? coerce(kind, value) : undefined;
    if (coerced !== undefined) kept[name] = coerced;
  }
  return kept;
}

export async function readAltSession(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  const rows = await app.storage.db
    .selectFrom('alt_sessions')
    .select(['name', 'value'])
    .where('id', '=', altSessionKey(app.shield.keys, request))
    .where('expires_at', '>', new Date().toISOString())
    .execute();
  // Rows were coerced on write; the limits only make a damaged row harmless.
  return Object.fromEntries(rows.map((row) => [row.name, parseBoundedJson(row.value)]));
}

export function registerAltSessions(calls: CallRegistry, app: FastifyInstance) {
  calls.handle(altSessions, async ({ cookies }, { request }) => {
    const kept = keepKnown(cookies ?? {});
    const names = Object.keys(kept);
    if (names.length === 0) return { success: false as const, error: 'AltSessions: No cookies data provided.' };
    const id = altSessionKey(app.shield.keys, request);
    const expires = new Date(Date.now() + ALT_SESSION_LIFE_MS).toISOString();
    await app.storage.db
      .insertInto('alt_sessions')
      .values(names.map((name) => ({ id, name, value: JSON.stringify(kept[name]), expires_at: expires })))
      .onConflict((oc) =>
        oc.columns(['id', 'name']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
    return { success: true as const };
  });
}
