import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DialectName } from '../../src/db/connect.js';
import { demoRoutes } from './demo-site.js';
import { createTestDatabase } from './storage.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A whole Waymark app on a fresh real database, for `inject` tests, with the demo's routes as the program gives them. */
export async function createTestApp(
  dialect: DialectName,
  options: { env?: Record<string, string>; registerCalls?: AppOptions['registerCalls'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    DATABASE_POOL_SIZE: '4',
    WAYMARK_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    STRICT_ANSWERS: 'true',
    ...options.env,
  });
  const app = await buildApp({ config, registerCalls: options.registerCalls, logger: false, routes: demoRoutes });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A url-encoded body from plain fields. */
export function form(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}

/** A multipart/form-data body, as a browser FormData would send it. */
export function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----waymarktest7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** One client of the site: its network and browser headers, and the cookies it keeps. */
export interface Visitor {
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

/** Posts a url-encoded form as this visitor; the cookies it is given go on with it (a cart, a session). */
export async function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, who: Visitor) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...FORM_HEADERS, ...who.headers },
    cookies: who.cookies,
    payload: form(fields),
  });
  for (const cookie of res.cookies) who.cookies[cookie.name] = cookie.value;
  return res;
}
