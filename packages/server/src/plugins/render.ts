import fastifyStatic from '@fastify/static';
import {
  lightboxSettings,
  NONCE_ACTIONS,
  type LightboxSettings,
  type PageConfig,
  type PageContext,
  type PageData,
} from '@waymark/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { readSetting } from '../settings/store.js';
import { allowLightboxHosts } from './lightbox-hosts.js';
import { renderDocument, scriptJson, type DocumentHead } from './page-document.js';
import { OUTSIDE_WRITES_SHOW_MS } from './content-version.js';
import { createSentinels, fillTemplate, templateBytes, type PageTemplate } from './page-template.js';
import { loadWebBundle } from './web-bundle.js';

declare module 'fastify' {
  interface FastifyReply {
    renderPage(data: PageData, status?: number): Promise<FastifyReply>;
    pageContext(data: PageData, lightbox: LightboxSettings): PageContext;
    /**
     * Renders a page that is the same for every visitor given this key, apart from the page
     * context's nonces and honeypot stamp and the strings of `visitor`: its body and context are
     * rendered once per content version and key, and later visitors get that copy with their own
     * strings filled in. Signed-in visitors always get a page of their own.
     */
    renderCachedPage(page: CachedPage): Promise<FastifyReply>;
  }
}

export interface CachedPage {
  /** What, besides the address and the content version, decides the page (the view, a variant). */
  key: string;
  /** Fields of the page data that are this visitor's own strings (a call nonce). */
  visitor: Readonly<Record<string, string>>;
  /** The page's data (without this visitor's strings' meaning), loaded only when not cached. */
  load(): Promise<{ data: PageData; onReply?: (reply: FastifyReply) => void }>;
}

interface CachedEntry {
  template: PageTemplate;
  data: PageData;
  lightbox: LightboxSettings;
  onReply: ((reply: FastifyReply) => void) | undefined;
}

/** Where the body and the context go in a document cut around them (no template text holds a NUL). */
const PART = '\u0000waymark-part\u0000';
/** Rendered pages kept at once, by their size: a few home pages with their filters. */
const PAGE_CACHE_BYTES = 48 * 1024 * 1024;

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

    const pageTitle = (data: PageData) =>
      data.title === app.config.siteName ? data.title : `${data.title} · ${app.config.siteName}`;
    const documentOf = (reply: FastifyReply, data: PageData, status: number, body: string, contextJson: string) => {
      const title = pageTitle(data);
      return renderDocument({
        title,
        head: head?.(reply.request, data, status, title),
        body,
        contextJson,
        pageConfig: parts.pageConfig(reply.request),
        nonce: reply.cspScriptNonce,
        // The entry and this page type's own chunks and styles only (the client is split by route).
        ...bundle.assets(data.page),
      });
    };
    const sendDocument = (reply: FastifyReply, data: PageData, status: number, body: string, contextJson: string) =>
      sendHtml(reply, documentOf(reply, data, status, body, contextJson), status);
    const pageParts = async (request: FastifyRequest) =>
      // The site lightbox is on every page, so every page carries its settings and CSP hosts.
      Promise.all([readSetting(app.storage, lightboxSettings, (m) => request.log.warn(m)), extraContext?.(request)]);

    app.decorateReply('renderPage', async function (this: FastifyReply, data: PageData, status = 200) {
      const [lightbox, extra] = await pageParts(this.request);
      allowLightboxHosts(this, lightbox);
      const context = { ...this.pageContext(data, lightbox), ...extra };
      return sendDocument(this, data, status, bundle.render(this.request.url, context), scriptJson(context));
    });

    const cache = new LRUCache<string, CachedEntry>({
      maxSize: PAGE_CACHE_BYTES,
      ttl: OUTSIDE_WRITES_SHOW_MS,
      // The data an entry keeps is about as large again as its JSON.
      sizeCalculation: (entry) => 2 * templateBytes(entry.template) + 1,
    });
    app.decorateReply('renderCachedPage', async function (this: FastifyReply, page: CachedPage) {
      const { request } = this;
      if (request.user) {
        const { data, onReply } = await page.load();
        onReply?.(this);
        return this.renderPage({ ...data, ...page.visitor } as PageData);
      }
      const shield = parts.shield(request);
      const visitor: Record<string, string> = {
        ...page.visitor,
        formNonce: app.nonces.create(NONCE_ACTIONS.form, request.nonceSession),
        honeypot: shield.honeypot.value,
        pixelUrl: shield.pixelUrl ?? '',
      };
      const key = [
        await app.contentVersion.current(),
        page.key,
        shield.honeypot.name,
        shield.pixelUrl === null ? 'no-pixel' : 'pixel',
        request.url,
      ].join('\n');
      let entry = cache.get(key);
      if (!entry) {
        const [{ data, onReply }, [lightbox, extra]] = await Promise.all([page.load(), pageParts(request)]);
        const sentinels = createSentinels();
        const templateData = { ...data } as Record<string, unknown>;
        for (const name of Object.keys(page.visitor)) templateData[name] = sentinels.mark(name);
        const context: PageContext = {
          ...this.pageContext(templateData as unknown as PageData, lightbox),
          formNonce: sentinels.mark('formNonce'),
          shield: {
            ...shield,
            honeypot: { ...shield.honeypot, value: sentinels.mark('honeypot') },
            pixelUrl: shield.pixelUrl === null ? null : sentinels.mark('pixelUrl'),
          },
          ...extra,
        };
        entry = {
          template: {
            body: sentinels.cut(bundle.render(request.url, context)),
            contextJson: sentinels.cut(scriptJson(context)),
          },
          data,
          lightbox,
          onReply,
        };
        cache.set(key, entry);
      }
      allowLightboxHosts(this, entry.lightbox);
      entry.onReply?.(this);
      const { body, contextJson } = fillTemplate(entry.template, visitor);
      // The document around the two large parts, cut where they go, so the page is joined as bytes.
      const [before = '', between = '', after = ''] = documentOf(this, entry.data, 200, PART, PART).split(PART);
      const html = Buffer.concat([
        Buffer.from(before),
        ...body,
        Buffer.from(between),
        ...contextJson,
        Buffer.from(after),
      ]);
      // The page holds this response's own CSP nonce, so no other response has its bytes: the nonce
      // is as good a validator as a hash of 400 KB, and far cheaper.
      this.header('etag', `W/"${this.cspScriptNonce}"`);
      return sendHtml(this, html, 200);
    });
  },
  { name: 'render', dependencies: ['nonces', 'session', 'security', 'content-version'] },
);

function sendHtml(reply: FastifyReply, html: string | Buffer, status: number): FastifyReply {
  // Not stored anywhere, and no 304 in practice, on purpose. Every page carries what is only
  // good for this one response: the CSP script nonce, fresh per response (a nonce that
  // repeats is one an attacker can learn and reuse), which must match the response's own
  // CSP header, and the visitor's session-bound form and call nonces and the signed
  // page-set time of the spam shield's honeypot. The compression plugin's ETag is computed
  // over the whole body, so two pages share one only when they are byte for byte the same,
  // and a 304 then is right; an ETag over the page without those parts would let a browser
  // keep a stale copy whose scripts the new CSP nonce blocks and whose forms carry expired
  // nonces and an old page-set time.
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
