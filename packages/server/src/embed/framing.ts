import type { FastifyReply } from 'fastify';

/**
 * Lets any site frame this one response: the site-wide policy keeps `frame-ancestors 'self'`
 * (and helmet's X-Frame-Options) for every other page.
 */
export function allowAnyFramer(reply: FastifyReply): void {
  const header = 'content-security-policy';
  const policy = String(reply.getHeader(header) ?? '');
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('frame-ancestors'));
  directives.push('frame-ancestors *');
  reply.header(header, directives.join(';'));
  reply.removeHeader('x-frame-options');
}
