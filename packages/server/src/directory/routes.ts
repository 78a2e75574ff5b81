import {
  directorySettings,
  mapSettings,
  NONCE_ACTIONS,
  type HomePageData,
  type InitialFilter,
  type MapPageData,
  type MapSettings,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowCspSources } from '../plugins/security.js';
import { readSetting } from '../settings/store.js';
import { loadDirectory } from './load-directory.js';
import { visitorTransform } from './page-item.js';
import { visitorVotes } from './votes.js';

/**
 * The directory's pages: the directory with filters, and the same by category tabs. A visitor
 * who sees every contact sealed and has voted for nothing sees what every such visitor sees, so
 * their page is rendered once per content version and view (see `renderCachedPage`); anyone
 * else (signed in, holding a contact pass, with votes of their own) gets a page of their own.
 */
export async function directoryRoutes(app: FastifyInstance) {
  const directoryPage = async (request: FastifyRequest, reply: FastifyReply, view: 'filter' | 'tabs') => {
    const head = {
      page: 'home' as const,
      title: view === 'tabs' ? 'Directory by category' : app.config.siteName,
      view,
      filter: initialFilter(request.query),
    };
    const votedIds = await visitorVotes(request);
    const { contacts } = app;
    const sameForAll =
      votedIds.length === 0 && !contacts.visibleTo(request) && contacts.cipherFor(request) === contacts.cipher;
    if (!sameForAll) return reply.renderPage({ ...head, ...(await directoryPageData(app, request, reply)) });
    return reply.renderCachedPage({
      key: `directory:${view}`,
      visitor: { directoryNonce: app.nonces.create(NONCE_ACTIONS.directory, request.nonceSession) },
      load: async () => {
        const { data, tileOrigins } = await directoryParts(app, request, []);
        return {
          data: { ...head, ...data },
          onReply: (each) => {
            if (tileOrigins.length > 0) allowCspSources(each, { 'img-src': tileOrigins });
          },
        };
      },
    });
  };
  app.get('/', async (request, reply) => directoryPage(request, reply, 'filter'));
  app.get('/categories', async (request, reply) => directoryPage(request, reply, 'tabs'));
}

type DirectoryPageData = Omit<HomePageData, 'page' | 'title' | 'view' | 'filter'>;

/**
 * What a directory page shows for this visitor (the directory page's data less its page, title,
 * view and filter), with the map's tile host allowed where a map may draw. The embed page shares it.
 */
export async function directoryPageData(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  /** The embed page may turn the map on where the site has it off. */
  options: { map?: boolean } = {},
): Promise<DirectoryPageData> {
  const { data, tileOrigins } = await directoryParts(app, request, await visitorVotes(request), options);
  if (tileOrigins.length > 0) allowCspSources(reply, { 'img-src': tileOrigins });
  return data;
}

/** The page data, and the tile origins its map may draw from (none where no map draws). */
async function directoryParts(
  app: FastifyInstance,
  request: FastifyRequest,
  votedIds: number[],
  { map: mapOn }: { map?: boolean } = {},
): Promise<{ data: DirectoryPageData; tileOrigins: string[] }> {
  const [settings, map] = await Promise.all([
    readSetting(app.storage, directorySettings, (m) => request.log.warn(m)),
    readSetting(app.storage, mapSettings, (m) => request.log.warn(m)),
  ]);
  const tiles = app.config.tileUrl;
  return {
    data: {
      // Contacts stay sealed until a person decodes them (or signs in, or holds a pass).
      directory: await loadDirectory(app.storage, settings, visitorTransform(request)),
      settings,
      directoryNonce: app.nonces.create(NONCE_ACTIONS.directory, request.nonceSession),
      votedIds,
      map: mapPart(map, tiles, app.config.tileAttribution),
    },
    // The tile host is allowed only where a map may draw: the directory map or the popup's.
    tileOrigins: tiles && ((mapOn ?? map.map) || settings.popupMap) ? tileOrigins(tiles) : [],
  };
}

/** The filters a plain form or link asked for, so the page works before its script runs. */
function initialFilter(query: unknown): InitialFilter {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
  const many = (v: unknown) =>
    (Array.isArray(v) ? v : [v]).filter((t): t is string => typeof t === 'string').slice(0, 50);
  return { category: one(q.category), tags: many(q.tag), search: one(q.search) };
}

/** The map's part of the page: its settings, the tile server if one is configured, the geocoder. */
function mapPart(settings: MapSettings, url: string | undefined, attribution: string | undefined): MapPageData {
  if (!url) return { settings, tiles: null, geocoder: '' };
  const osm = /(^|\.)openstreetmap\.(org|fr|de)$/.test(new URL(url.replace('{s}', 'a')).hostname);
  return { settings, tiles: { url, attribution: attribution ?? '', osm }, geocoder: '' };
}

/** The origins a tile URL template names; `{s}` stands for Leaflet's subdomains a, b and c. */
function tileOrigins(template: string): string[] {
  const hosts = template.includes('{s}') ? ['a', 'b', 'c'].map((s) => template.replace('{s}', s)) : [template];
  return hosts.map((address) => new URL(address).origin);
}
