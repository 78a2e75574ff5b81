import fastifyStatic from '@fastify/static';
import { lightboxSettings, NONCE_ACTIONS, type LightboxSettings, type PageConfig } from '@waymark/protocol';
import type { PageContext, PageData } from '@waymark/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readSetting } from '../settings/store.js';
import { allowLightboxHosts } from './lightbox-hosts.js';
import { renderDocument, type DocumentHead } from './page-document.js';
import { loadWebBundle } from './web-bundle.js';

declare module 'fastify' {
  interface FastifyReply {
    renderPage(data: PageData, status?: number): Promise<FastifyReply>;
    pageContext(data: PageData, lightbox: LightboxSettings): PageContext;
  }
}

/**
 * What every page carries for the page layer, supplied by the feature that serves it (the spam
 * shield): the page configuration of PROTOCOL.md section 2, and its part of the page context.
 */
export interface PageParts {
  pageConfig(request: FastifyRequest): PageConfig;
  shield(request: FastifyRequest): PageContext['shield'];
}

export interface RenderOptions {
  parts: PageParts;
  /** The head's canonical address, Open Graph and structured data for a page. */
  head?: (request: FastifyRequest, data: PageData, status: number, title: string) => DocumentHead;
  /** Parts of the page context that features supply for every page (the header's search). */
  context?: (request: FastifyRequest) => Promise<Partial<PageContext>>;
}

/**
 * Server rendering: `reply.renderPage(data)` renders the React site for the request's URL and
 * sends the whole document. Also serves the client bundle's files.
 */
export const renderPlugin = fp<RenderOptions>(
  async (app, { parts, head, context: extraContext }) => {
    const bundle = await loadWebBundle(app.config.webDist);

    await app.register(fastifyStatic, {
      root: `${bundle.clientDir}/assets`,
      prefix: '/assets/',
      // File names carry their content hash, so they never change.
      immutable: true,
      maxAge: '365d',
      // The `.br` and `.gz` copies the server's build writes beside each file (see build.ts);
      // a file without them is compressed on the fly.
      preCompressed: true,
      index: false,
      wildcard: true,
    });

    app.decorateReply('pageContext', function (this: FastifyReply, data: PageData, lightbox: LightboxSettings) {
      const { request } = this;
      return {
        siteName: app.config.siteName,
        user: request.user ? { name: request.user.name, role: request.user.role } : null,
        formNonce: app.nonces.create(NONCE_ACTIONS.form, request.nonceSession),
        shield: parts.shield(request),
        lightbox,
        data,
      };
    });

    app.decorateReply('renderPage', async function (this: FastifyReply, data: PageData, status = 200) {
      // The site lightbox is on every page, so every page carries its settings and CSP hosts.
      const [lightbox, extra] = await Promise.all([
        readSetting(app.storage, lightboxSettings, (m) => this.request.log.warn(m)),
        extraContext?.(this.request),
      ]);
      allowLightboxHosts(this, lightbox);
      const context = { ...this.pageContext(data, lightbox), ...extra };
      const body = bundle.render(this.request.url, context);
      // The entry and this page type's own chunks and styles only (the client is split by route).
      const assets = bundle.assets(data.page);
      const title = data.title === app.config.siteName ? data.title : `${data.title} · ${app.config.siteName}`;
      const html = renderDocument({
        title,
        head: head?.(this.request, data, status, title),
        body,
        context,
        pageConfig: parts.pageConfig(this.request),
        nonce: this.cspScriptNonce,
        ...assets,
      });
      // Not stored anywhere, and no 304 in practice, on purpose. Every page carries what is only
      // good for this one response: the CSP script nonce, fresh per response (a nonce that
      // repeats is one an attacker can learn and reuse), which must match the response's own
      // CSP header, and the visitor's session-bound form and call nonces and the signed
      // page-set time of the spam shield's honeypot. The compression plugin's ETag is computed
      // over the whole body, so two pages share one only when they are byte for byte the same,
      // and a 304 then is right; an ETag over the page without those parts would let a browser
      // keep a stale copy whose scripts the new CSP nonce blocks and whose forms carry expired
      // nonces and an old page-set time.
      return this.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  },
  { name: 'render', dependencies: ['nonces', 'session', 'security'] },
);
