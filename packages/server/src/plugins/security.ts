import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
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

type WithNonce = ServerResponse & { cspScriptNonce?: string };

/**
 * Security headers. Scripts run only from this site or with the per-request nonce; there is no
 * `unsafe-inline` for scripts. Styles get no nonce on purpose: a nonce in style-src would make
 * browsers ignore its `unsafe-inline`, and server-rendered widgets (maps, sliders, masonry)
 * position things with inline style attributes.
 */
export const securityPlugin = fp(
  async (app) => {
    app.decorateReply('cspScriptNonce', '');
    // Runs before helmet's own onRequest hook, which reads the nonce from the raw response.
    app.addHook('onRequest', async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64url');
      reply.cspScriptNonce = nonce;
      (reply.raw as WithNonce).cspScriptNonce = nonce;
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as WithNonce).cspScriptNonce ?? ''}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Our own pages see the full address of the page before (the spam shield's referrer
      // signals need it); other sites get only our origin, and nothing from https to http.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Cross-origin isolation would break embedded maps and videos from configured hosts.
      crossOriginEmbedderPolicy: false,
      // Set below, only when the site is served over https.
      hsts: false,
    });

    const https = app.config.publicUrl?.startsWith('https:') ?? false;
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (https || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });

    // Page forms carry a nonce that an anonymous visitor shares with everyone, so a page on
    // another site could post them (sign a visitor into its own account): refuse what a browser
    // says came from elsewhere. The dispatcher's calls have their own nonces and answers.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'POST' || !isPageForm(request.routeOptions.url)) return;
      if (sentFromAnotherSite(request)) {
        return reply.code(403).type('text/plain; charset=utf-8').send(CROSS_SITE);
      }
    });
  },
  { name: 'security' },
);

/** Powers no page of ours uses; geolocation stays for the map's "near me". */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)';
const HSTS = 'max-age=31536000';
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
  const policy = String(reply.raw.getHeader(header) ?? reply.getHeader(header) ?? '');
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
  reply.raw.setHeader(header, directives.join(';'));
}
