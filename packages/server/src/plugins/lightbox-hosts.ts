import type { LightboxSettings } from '@waymark/protocol';
import type { FastifyReply } from 'fastify';
import { allowCspSources } from './security.js';

const origin = (address: string) => new URL(address).origin;

/**
 * The video services the lightbox's settings name, allowed by a page's CSP exactly where they
 * are needed: their players in frames, their thumbnails as images, the oEmbed answer as a fetch.
 * The lightbox binds links on every page, so every page allows them while it is on, and none
 * does while it is off.
 */
export function allowLightboxHosts(reply: FastifyReply, settings: LightboxSettings): void {
  if (!settings.status_lightbox) return;
  allowCspSources(reply, {
    'frame-src': [origin(settings.lightbox_youtube_embed), origin(settings.lightbox_vimeo_player)],
    'img-src': [origin(settings.lightbox_youtube_thumbnail), origin(settings.lightbox_vimeo_thumbnail_origin)],
    'connect-src': [origin(settings.lightbox_vimeo_oembed)],
  });
}
