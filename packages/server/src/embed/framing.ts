import type { FastifyReply } from 'fastify';

/**
 * Lets any site frame this one response: the site-wide policy keeps `frame-ancestors 'self'`
 * (and helmet's X-Frame-Options) for every other page.
 */
export function allowAnyFramer(reply: FastifyReply): void {
  const header = 'content-security-policy';
  const policy = String(reply.raw.getHeader(header) ?? reply.getHeader(header) ?? '');
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('frame-ancestors'));
  directives.push('frame-ancestors *');
  reply.raw.setHeader(header, directives.join(';'));
  reply.raw.removeHeader('x-frame-options');
  reply.removeHeader('x-frame-options');
}
