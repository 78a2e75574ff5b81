import { catalogue, NONCE_ACTIONS, NO_COOKIE_PREFIX, type CallDef } from '@waymark/protocol';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ensureAdministrator } from '../../src/auth/administrator.js';
import { bootstrap } from '../support/demo-site.js';
import { SESSION_COOKIE, startSession } from '../../src/plugins/session.js';
import { VISITOR_COOKIE } from '../../src/plugins/visitors.js';
import type { TestApp } from '../support/app.js';

/**
 * Malformed requests of every shape the issue names, for the no-5xx property test and the
 * longer `tools/fuzz.ts` run: bodies that cannot be read (truncated or boundary-less
 * multipart, bad JSON, wrong types), ids beyond the database's integer and numbers that are
 * not ids, `next` with line breaks and tabs, deeply nested signal JSON, huge fields, odd hosts,
 * origins and client addresses, to every route the app has and every call of the catalogue.
 */

export interface Route {
  method: string;
  url: string;
}

/** Every route of the app, read from Fastify's own route tree. */
export function appRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│]*)[└├]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    const url = stack
      .join('')
      .replace(/^\/*/, '/')
      .replace(/\/{2,}/g, '/');
    for (const method of methods.split(', ')) routes.push({ method, url });
  }
  return routes;
}

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const DEEP = deep(4_500);
const DEEP_OBJECT = `{"ct_pointer_data":${DEEP},"apbct_timestamp":1}`;

export const ID_LIKE = [
  '1',
  '2',
  '0',
  '-1',
  ' 2 ',
  '2e0',
  '0x02',
  '02',
  '2.0',
  '2147483647',
  '2147483648',
  '9999999999',
  '99999999999999999999',
  'NaN',
  '%00',
  '..%2f..%2fetc%2fpasswd',
  'é',
];

const NEXT_LIKE = [
  '/%09/evil.example',
  '/\t/evil.example',
  '/a\r\nSet-Cookie: x=1',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'https://evil.example/',
  '/items/1?x=1#y',
];

/** A field value that is wrong in one of the ways the issue found, or just arbitrary. */
export const badValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ID_LIKE, ...NEXT_LIKE, '', 'null', '[]', '{}', '{"a":', 'true') },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant(DEEP) },
  { weight: 1, arbitrary: fc.constant(DEEP_OBJECT) },
  { weight: 1, arbitrary: fc.constant(NO_COOKIE_PREFIX + Buffer.from(DEEP_OBJECT).toString('base64')) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), 'é'.repeat(300_000)) },
);

/** Field names the app reads somewhere, and those of the call's own request schema. */
const COMMON_FIELDS = [
  'action',
  'email',
  'password',
  'next',
  'subject',
  'author',
  'body',
  'name',
  'address',
  'website',
  'url',
  'list',
  'status',
  'post_id',
  'cookies',
  'ct_no_cookie_hidden_field',
  'ct_bot_detector_event_token',
  'apbct_visible_fields',
  'event_javascript_data',
  'data',
  'encodedEmails',
  'wm_form_key',
  'alt_s',
];

function schemaFields(call: CallDef): string[] {
  // zod objects expose their keys as `shape`; anything else contributes none.
  const shape = (call.request as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

export interface Secrets {
  /** Nonces a real page would carry, so some requests get past the nonce to the code behind. */
  nonces: Record<keyof typeof NONCE_ACTIONS, string>;
  /** An administrator's session token, so admin routes are reached too. */
  adminSession: string;
}

/**
 * Seeds a test app for fuzzing (its demo directory, an administrator with a session) and
 * answers its routes and the secrets a real page would carry.
 */
export async function prepareFuzz(t: TestApp): Promise<{ routes: Route[]; secrets: Secrets }> {
  await bootstrap(t.app.storage, t.config, () => {});
  const admin = await ensureAdministrator(t.app.storage, { email: 'fuzz@waymark.test', password: 'fuzz-password-1' });
  const user = await t.app.storage.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', admin.email)
    .executeTakeFirstOrThrow();
  const nonce = (action: string) => t.app.nonces.create(action, '');
  return {
    routes: appRoutes(t.app),
    secrets: {
      adminSession: (await startSession(t.app.storage, user.id, 1)).token,
      nonces: {
        ajax: nonce(NONCE_ACTIONS.ajax),
        rest: nonce(NONCE_ACTIONS.rest),
        directory: nonce(NONCE_ACTIONS.directory),
        form: nonce(NONCE_ACTIONS.form),
      },
    },
  };
}

type Body = { payload?: string | Buffer; contentType?: string };

/** A body for these fields, encoded well or badly. */
const encodedBody = (fields: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Body> =>
  fc.oneof(
    fields.map((f) => ({
      payload: new URLSearchParams(f).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    fields.map((f) => {
      const boundary = 'fuzzb0undary';
      const parts = Object.entries(f).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      return {
        payload: `${parts.join('')}--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }),
    fields.map((f) => ({ payload: JSON.stringify(f), contentType: 'application/json' })),
    // Truncated multipart: the part never ends.
    fields.map((f) => ({
      payload: `--b\r\nContent-Disposition: form-data; name="${Object.keys(f)[0] ?? 'a'}"\r\n\r\ntrunc`,
      contentType: 'multipart/form-data; boundary=b',
    })),
    fc.constantFrom<Body>(
      { payload: 'a=1', contentType: 'multipart/form-data' },
      { payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=' },
      { payload: '{"a":', contentType: 'application/json' },
      { payload: DEEP, contentType: 'application/json' },
      { payload: `{"cookies":${DEEP_OBJECT}}`, contentType: 'application/json' },
      { payload: 'plain words', contentType: 'text/plain' },
      { payload: '<x/>', contentType: 'application/xml' },
      { payload: 'a=1', contentType: 'application/x-www-form-urlencoded; charset=ebcdic' },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x80]), contentType: 'application/x-www-form-urlencoded' },
      { payload: 'a=%E0%A4%A', contentType: 'application/x-www-form-urlencoded' },
      { payload: `a=${'x'.repeat(1_100_000)}`, contentType: 'application/x-www-form-urlencoded' },
      { payload: 'a=1', contentType: 'garbage' },
      {},
    ),
  );

const headerValue = fc.oneof(
  fc.constantFrom('http://localhost:80', 'https://evil.example', 'null', '', 'not a url'),
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

/** Headers and cookies a client may send: other hosts and origins, odd addresses, bad cookies. */
const clientParts = (secrets: Secrets) =>
  fc.record(
    {
      host: fc.constantFrom('localhost:80', '127.0.0.1:3000', 'evil.example', 'a b', '[::1]:3000'),
      origin: headerValue,
      'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'bogus'),
      'x-forwarded-for': fc.constantFrom(
        '203.0.113.9',
        '2001:db8::1',
        'not-an-ip',
        '999.1.1.1',
        '1.2.3.4, 5.6.7.8',
        '',
      ),
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
      'x-wp-nonce': fc.constantFrom(secrets.nonces.rest, '0000000000', ''),
      cookie: fc.constantFrom(
        `${SESSION_COOKIE}=${secrets.adminSession}`,
        `${SESSION_COOKIE}=garbage`,
        `ct_pointer_data=${encodeURIComponent(DEEP)}`,
        `ct_ps_timestamp=${encodeURIComponent(DEEP_OBJECT)}`,
        `${VISITOR_COOKIE}=x.y`,
        'a=%E0%A4%A',
      ),
    },
    { requiredKeys: [] },
  );

/** Fields for a request: some the route reads, some schema keys, each valued well or badly. */
function fieldsFor(names: string[], secrets: Secrets, extra: Record<string, string> = {}) {
  const nonce = fc.constantFrom(...Object.values(secrets.nonces), '0000000000', '');
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...names, ...COMMON_FIELDS), badValue, { maxKeys: 6 }),
      fc.record({ _wpnonce: nonce, _ajax_nonce: nonce, security: nonce, nonce }, { requiredKeys: [] }),
    )
    .map(([fields, nonces]) => ({ ...fields, ...nonces, ...extra }));
}

/** A path for a route pattern: each parameter an id-like or arbitrary segment. */
const pathFor = (pattern: string) =>
  fc
    .array(fc.oneof(fc.constantFrom(...ID_LIKE.map(encodeURIComponent)), fc.webSegment()), {
      minLength: 4,
      maxLength: 4,
    })
    .map((values) => {
      let i = 0;
      return pattern.replace(/:[\w]+|\*/g, () => values[i++ % values.length] ?? '1');
    });

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...NEXT_LIKE).map((n) => `?next=${encodeURIComponent(n)}`),
  fc
    .dictionary(
      fc.constantFrom('next', 'page', 'category', 'tag', 'search', 'status', 'done', 'posted', 'q'),
      badValue,
      {
        maxKeys: 3,
      },
    )
    .map((q) => `?${new URLSearchParams(q).toString()}`),
);

const toInject = (method: string, url: string, body: Body, headers: Record<string, string>): InjectOptions => {
  const withBody = method !== 'GET' && method !== 'HEAD';
  return {
    method: method as InjectOptions['method'],
    url,
    headers: { ...headers, ...(withBody && body.contentType ? { 'content-type': body.contentType } : {}) },
    ...(withBody && body.payload !== undefined ? { payload: body.payload } : {}),
  };
};

/** A malformed request to one of the app's routes. */
export function routeRequest(routes: Route[], secrets: Secrets): fc.Arbitrary<InjectOptions> {
  return fc
    .constantFrom(...routes)
    .chain((route) =>
      fc.tuple(
        fc.constant(route),
        pathFor(route.url),
        query,
        encodedBody(fieldsFor([], secrets)),
        clientParts(secrets),
      ),
    )
    .map(([route, path, q, body, headers]) => toInject(route.method, `${path}${q}`, body, headers));
}

/** A malformed request to one of the catalogue's calls, by admin-ajax or by REST. */
export function callRequest(ajaxPath: string, restPrefix: string, secrets: Secrets): fc.Arbitrary<InjectOptions> {
  return fc
    .constantFrom(...catalogue)
    .chain((call) => {
      const names = schemaFields(call);
      const transports: fc.Arbitrary<'ajax' | 'rest'>[] = [];
      if (call.ajax) transports.push(fc.constant('ajax'));
      if (call.rest) transports.push(fc.constant('rest'));
      return fc.tuple(
        fc.constant(call),
        fc.oneof(...transports),
        encodedBody(fieldsFor(names, secrets, call.ajax ? { action: call.ajax.action } : {})),
        clientParts(secrets),
        fc.boolean(),
      );
    })
    .map(([call, transport, body, headers, asGet]) => {
      if (transport === 'rest') return toInject('POST', `${restPrefix}${call.rest?.route ?? ''}`, body, headers);
      // admin-ajax also takes GET, with the fields in the query string.
      if (asGet && typeof body.payload === 'string' && body.contentType?.startsWith('application/x-www')) {
        return toInject('GET', `${ajaxPath}?${body.payload}`, {}, headers);
      }
      return toInject('POST', ajaxPath, body, headers);
    });
}

/** Every route with every badly encoded body once: the sweep that does not rely on chance. */
export function sweep(routes: Route[]): InjectOptions[] {
  const bodies: Body[] = [
    { payload: 'a=1', contentType: 'multipart/form-data' },
    {
      payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\ntrunc',
      contentType: 'multipart/form-data; boundary=b',
    },
    { payload: '{"a":', contentType: 'application/json' },
    { payload: DEEP, contentType: 'application/json' },
    {
      payload: `next=${encodeURIComponent('/a\r\nb')}&subject=item:9999999999`,
      contentType: 'application/x-www-form-urlencoded',
    },
  ];
  const requests: InjectOptions[] = [];
  for (const route of routes) {
    const ids = /:[\w]+|\*/.test(route.url) ? ['2147483648', '9999999999', '%202%20', '2e0', '0x02'] : ['-'];
    for (const id of ids) {
      const url = route.url.replace(/:[\w]+|\*/g, id);
      if (route.method === 'GET' || route.method === 'HEAD') {
        requests.push(toInject(route.method, `${url}?next=${encodeURIComponent('/a\r\nb')}`, {}, {}));
        continue;
      }
      for (const body of bodies) requests.push(toInject(route.method, url, body, {}));
    }
  }
  return requests;
}
