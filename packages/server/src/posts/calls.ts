import { liveSearch, liveSearchSettings } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { readSetting } from '../settings/store.js';
import { createLiveSearch } from './live-search.js';

/** `live_search_retrieve_posts`: the header live search. */
export function registerPostsCalls(calls: CallRegistry, app: FastifyInstance) {
  const search = createLiveSearch(app.storage);
  calls.handle(liveSearch, async (fields, { request }) => {
    const settings = await readSetting(app.storage, liveSearchSettings, (m) => request.log.warn(m));
    return search(fields, settings);
  });
}
