import { randomFillSync } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_AJAX_PATH, DEFAULT_REST_ROOT } from '@waymark/protocol';
import { sentFromAnotherSite } from './site-origin.js';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's script nonce for the content security policy. */
    cspScriptNonce: string;
  }
}

/**
 * The site-wide Content-Security-Policy, cut where the response's script nonce goes. Scripts
 * run only from this site or with the per-request nonce; there is no `unsafe-inline` for
 * scripts. Styles get no nonce on purpose: a nonce in style-src would make browsers ignore its
 * `unsafe-inline`, and server-rendered widgets (maps, sliders, masonry) position things with
 * inline style attributes. Workers may also start from a `blob:` address: the spam shield's page
 * script compares what a worker of its own reports with what the page reports (a stealth kit's
 * patches reach only the page). The text is in helmet's form (its directive order, `;` with no
 * space), built once instead of by helmet on every response.
 */
const CSP_BEFORE_NONCE =
  "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'nonce-";
const CSP_AFTER_NONCE =
  "';script-src-attr 'none';style-src 'self' 'unsafe-inline';worker-src 'self' blob:;connect-src 'self'";

/** The policy for a response whose script nonce is `nonce`. */
export const contentSecurityPolicy = (nonce: string) => CSP_BEFORE_NONCE + nonce + CSP_AFTER_NONCE;

/** Powers no page of ours uses; geolocation stays for the map's "near me". */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)';
const HSTS = 'max-age=31536000';

/**
 * helmet's other headers, in its order. Our own pages see the full address of the page before
 * (the spam shield's referrer signals need it); other sites get only our origin, and nothing
 * from https to http. No Cross-Origin-Embedder-Policy: cross-origin isolation would break
 * embedded maps and videos from configured hosts. HSTS is set below, only over https.
 */
const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
  ['permissions-policy', PERMISSIONS_POLICY],
];

/** Bytes per nonce: 128 bits, as before. */
const NONCE_BYTES = 16;
/** Random bytes fetched at once: one call into the system's generator per 256 nonces, not per response. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
const noncePool = Buffer.alloc(NONCE_POOL_BYTES);
let noncePoolAt = NONCE_POOL_BYTES;

/**
 * A fresh script nonce. Each comes from bytes of the cryptographic generator that no other
 * nonce used (the pool is refilled, never re-read), so it is as unguessable as one
 * `randomBytes(16)` per response.
 */
export function nextScriptNonce(): string {
  if (noncePoolAt + NONCE_BYTES > NONCE_POOL_BYTES) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64url', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** Security headers on every response, and the refusal of page forms sent from other sites. */
export const securityPlugin = fp(
  async (app) => {
    app.decorateReply('cspScriptNonce', '');
    const https = app.config.publicUrl?.startsWith('https:') ?? false;

    // One synchronous hook for all of it: each hook more is a step of Fastify's hook runner,
    // and an async one a promise, on every request.
    app.addHook('onRequest', (request, reply, done) => {
      const nonce = nextScriptNonce();
      reply.cspScriptNonce = nonce;
      // All on Fastify's headers, none on the raw response: Node then writes them as they are
      // instead of first copying each into the response's own (slow, per-response) header map.
      // Names are lower-cased, as Fastify keeps them (and HTTP/2 sends them).
      reply.header('content-security-policy', contentSecurityPolicy(nonce));
      for (const [name, value] of FIXED_HEADERS) reply.header(name, value);
      if (https || request.protocol === 'https') reply.header('strict-transport-security', HSTS);

      // Page forms carry a nonce that an anonymous visitor shares with everyone, so a page on
      // another site could post them (sign a visitor into its own account): refuse what a
      // browser says came from elsewhere. The dispatcher's calls have their own nonces and answers.
      // The route is asked last: Fastify builds `routeOptions` afresh on every read.
      if (request.method === 'POST' && sentFromAnotherSite(request) && isPageForm(request.routeOptions.url)) {
        // A hook that answers does not call `done`: the request goes no further.
        reply.code(403).type('text/plain; charset=utf-8').send(CROSS_SITE);
        return;
      }
      done();
    });
  },
  { name: 'security' },
);

const CROSS_SITE = 'This form was sent from another site. Please use the form on this site.';

const isPageForm = (url: string | undefined) =>
  url !== undefined && url !== DEFAULT_AJAX_PATH && !url.startsWith(DEFAULT_REST_ROOT);

type CspDirective = 'frame-src' | 'img-src' | 'connect-src';

/**
 * Adds sources to this response's CSP, for a page that embeds something from another origin
 * (the lightbox's video services). A directive not yet in the policy starts from `'self'`.
 */
export function allowCspSources(reply: FastifyReply, sources: Partial<Record<CspDirective, string[]>>): void {
  const header = 'content-security-policy';
  const policy = String(reply.getHeader(header) ?? '');
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, added] of Object.entries(sources)) {
    const clean = added.filter((source) => /^https?:\/\/[^\s;,']+$/.test(source));
    const at = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    const current = at >= 0 ? (directives[at] as string).split(/\s+/).slice(1) : ["'self'"];
    const merged = `${name} ${[...new Set([...current, ...clean])].join(' ')}`;
    if (at >= 0) directives[at] = merged;
    else directives.push(merged);
  }
  reply.header(header, directives.join(';'));
}
