import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

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
      hsts: false,
    });
  },
  { name: 'security' },
);

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
