import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Storage } from '../db/connect.js';

const KEY = 'server.secret';

/**
 * The server secret behind nonces, tokens and encodings. WAYMARK_SECRET wins; otherwise one is
 * made once and kept in the database, so every instance that shares the database shares it.
 */
export async function resolveSecret({ db }: Storage, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as string;
  const made = randomBytes(32).toString('base64url');
  // Two instances starting together both try; the first insert wins and both read it back.
  await db
    .insertInto('settings')
    .values({ key: KEY, value: JSON.stringify(made), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return JSON.parse(stored.value) as string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server secret every key of this site derives from; never sent anywhere. */
    serverSecret: string;
  }
}

/** Resolves the server secret once, for every plugin that signs or seals. */
export const secretPlugin = fp(
  async (app) => {
    app.decorate('serverSecret', await resolveSecret(app.storage, app.config.secret));
  },
  { name: 'secret', dependencies: ['storage'] },
);
