import fastifyStatic from '@fastify/static';
import type { PageData } from '@waymark/web';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { lightboxSettings, NONCE_ACTIONS, type LightboxSettings } from '@waymark/protocol';
import { renderDocument } from '../pages/document.js';
import { allowLightboxHosts } from '../pages/lightbox-hosts.js';
import { loadWebBundle } from '../pages/web-bundle.js';
import { buildPageConfig } from '../protocol/page-config.js';
import { readSetting } from '../settings/store.js';
import { makePageStamp } from '../shield/page-stamp.js';
import { pixelUrl } from '../shield/pixel.js';
import { realPersonConfig } from '../shield/real-person.js';

/**
 * Server rendering: `reply.renderPage(data)` renders the React site for the request's URL and
 * sends the whole document. Also serves the client bundle's files.
 */
export const renderPlugin = fp(
  async (app) => {
    const bundle = await loadWebBundle(app.config.webDist);

    await app.register(fastifyStatic, {
      root: `${bundle.clientDir}/assets`,
      prefix: '/assets/',
      // File names carry their content hash, so they never change.
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
    });

    app.decorateReply('pageContext', function (this: FastifyReply, data: PageData, lightbox: LightboxSettings) {
      const { request } = this;
      return {
        siteName: app.config.siteName,
        user: request.user ? { name: request.user.name, role: request.user.role } : null,
        formNonce: app.nonces.create(NONCE_ACTIONS.form, request.nonceSession),
        // The honeypot's value is the page-set time as the server saw it, signed.
        shield: {
          honeypot: { name: app.shield.settings().honeypotFieldName, value: makePageStamp(app.shield.keys) },
          pixelUrl: app.shield.settings().pixel === 1 ? pixelUrl(app, request) : null,
          theRealPerson: realPersonConfig(app.shield.settings()),
        },
        lightbox,
        data,
      };
    });

    app.decorateReply('renderPage', async function (this: FastifyReply, data: PageData, status = 200) {
      // The site lightbox is on every page, so every page carries its settings and CSP hosts.
      const lightbox = await readSetting(app.storage, lightboxSettings, (m) => this.request.log.warn(m));
      allowLightboxHosts(this, lightbox);
      const context = this.pageContext(data, lightbox);
      const body = bundle.render(this.request.url, context);
      const html = renderDocument({
        title: data.title === app.config.siteName ? data.title : `${data.title} · ${app.config.siteName}`,
        body,
        context,
        pageConfig: buildPageConfig(this.request),
        nonce: this.cspScriptNonce,
        scripts: bundle.scripts,
        styles: bundle.styles,
      });
      return this.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  },
  { name: 'render', dependencies: ['nonces', 'session', 'security', 'shield'] },
);
