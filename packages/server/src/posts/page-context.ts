import { liveSearchSettings, type PageContext } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { readSetting } from '../settings/store.js';

/** The header live search's settings, which every page carries for its header. */
export async function siteSearchContext(request: FastifyRequest): Promise<Pick<PageContext, 'liveSearch'>> {
  const settings = await readSetting(request.server.storage, liveSearchSettings, (m) => request.log.warn(m));
  return {
    liveSearch: {
      minChars: settings.min_char_count,
      perPage: settings.per_page,
      showImages: settings.show_feat_img,
      showTypes: settings.display_post_type,
      postTypes: settings.post_types,
      titlesOnly: settings.search_limit_to_post_titles,
      noResults: settings.no_search_results,
    },
  };
}
