import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { callbackHook } from './callback-hook.js';

/**
 * The site's own origin (`scheme://host[:port]`) and the hosts it answers to. With `PUBLIC_URL`
 * the origin is always its. Without it the request's own scheme and host are used, which follow
 * `X-Forwarded-Proto` and `X-Forwarded-Host` only when `TRUST_PROXY` is on, and only for a host
 * the site trusts: a Host header is the client's to choose, and absolute addresses printed in
 * pages (the shield's pixel, the page configuration) must not point at a host an attacker picked.
 */

/** `name` of `name[:port]`, lower-cased, or null when it is not a host at all. */
export function hostName(host: string | undefined): string | null {
  // Nearly every request names the same host: its last answer saves parsing a URL per request.
  if (host !== lastHost) {
    lastName = parseHostName(host);
    lastHost = host;
  }
  return lastName;
}

let lastHost: string | undefined;
let lastName: string | null = null;

function parseHostName(host: string | undefined): string | null {
  if (!host || host.length > 300 || /[\s/\\@?#]/.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

const production = () => process.env.NODE_ENV === 'production';

/**
 * Whether `host` (`name[:port]`) is one to build addresses from: `PUBLIC_URL`'s, one in
 * `ALLOWED_HOSTS` (by name, or name and port), else loopback. Outside production with no list
 * any host is, as a developer's machine is reached by whatever name it has.
 */
export function hostAllowed(config: Config, host: string | undefined): boolean {
  const name = hostName(host);
  if (name === null || host === undefined) return false;
  if (config.publicUrl && new URL(config.publicUrl).host === host.toLowerCase()) return true;
  if (config.allowedHosts.length > 0) {
    return config.allowedHosts.includes(name) || config.allowedHosts.includes(host.toLowerCase());
  }
  return LOOPBACK.test(name) || !production();
}

/** Where absolute addresses point when the request's host is not trusted. */
function fallbackOrigin(request: FastifyRequest): string {
  const { allowedHosts, port } = request.server.config;
  const first = allowedHosts[0];
  return first ? `${request.protocol}://${first}` : `${request.protocol}://localhost:${port}`;
}

export function siteOrigin(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return hostAllowed(config, request.host) ? `${request.protocol}://${request.host}` : fallbackOrigin(request);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer whatever the Host header says (health checks from a load balancer). */
    anyHost?: boolean;
  }
}

const UNKNOWN_HOST = 'This site does not answer to that host name.';

/** In production without `PUBLIC_URL`, refuses requests to hosts the site does not answer to. */
export const siteOriginPlugin = fp(
  async (app) => {
    // Behind a proxy with PUBLIC_URL the Host header is the proxy's business: no address is built from it.
    if (app.config.publicUrl) return;
    app.addHook(
      'onRequest',
      callbackHook((request, reply) => {
        // The route's own rule is read last: Fastify builds `routeOptions` afresh on every read.
        if (production() && !hostAllowed(app.config, request.host) && !request.routeOptions.config.anyHost) {
          reply.code(400).type('text/plain; charset=utf-8').send(UNKNOWN_HOST);
        }
      }),
    );
  },
  { name: 'site-origin' },
);

/**
 * Whether a browser says this request was sent by a page of another site: `Sec-Fetch-Site`
 * when the browser sends it, else an `Origin` that is not ours. Requests with neither (scripts,
 * old browsers, our own tests) are not cross-site by this test; nonces still guard them.
 */
export function sentFromAnotherSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== '') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  if (origin === 'null') return true;
  const { publicUrl } = request.server.config;
  if (publicUrl) return origin !== new URL(publicUrl).origin;
  // Behind a proxy that ends TLS without TRUST_PROXY, our scheme may differ from the page's:
  // the host is what tells sites apart.
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const { allowedHosts } = request.server.config;
  return originHost !== String(request.host ?? '').toLowerCase() && !allowedHosts.includes(originHost);
}
