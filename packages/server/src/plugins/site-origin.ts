import type { FastifyRequest } from 'fastify';

/**
 * The site's own origin (`scheme://host[:port]`): `PUBLIC_URL`'s when it is set, else the
 * request's own scheme and host, which follow `X-Forwarded-Proto` and `X-Forwarded-Host` only
 * when `TRUST_PROXY` is on. A plain-http install gets http addresses, never https ones.
 */
export function siteOrigin(request: FastifyRequest): string {
  const { publicUrl } = request.server.config;
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}
