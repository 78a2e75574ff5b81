import { categoryFilter, generateText, showListItem } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { itemListHtml } from './item-list-html.js';
import { summarisePage } from './page-summary.js';
import { FetchRefused, fetchPublicPage } from './public-fetch.js';
import { categoryItems, findCategory, listItems } from './store.js';

/** The specification's own alert for an empty item link. */
export const EMPTY_LINK = 'Item link field cannot left empty!';

/** The back office's calls. */
export function registerAdminCalls(calls: CallRegistry, app: FastifyInstance) {
  // `qcpd_generate_text`: the title and subtitle of an item from the page its link names.
  calls.handle(generateText, async ({ url }, { request }) => {
    const address = url.trim();
    if (!address) return new Answer(400, { error: EMPTY_LINK });
    try {
      const page = await fetchPublicPage(address, {
        allowedHosts: app.config.fetchAllowedHosts,
        userAgent: `${app.config.siteName} (Waymark) link preview`,
      });
      return summarisePage(page.body);
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      request.log.info({ url: address, reason: error.message }, 'generate text refused');
      return new Answer(422, { error: error.message });
    }
  });

  // `qcld_pd_category_filter`: the items of a category, for the item form's item area.
  calls.handle(categoryFilter, async ({ cat }) => {
    const category = await findCategory(app.storage, cat.trim());
    if (!category) return itemListHtml({ rows: [], total: 0 }, 'There is no such category.');
    return itemListHtml(await categoryItems(app.storage, category.id), 'This category has no items yet.');
  });

  // `qcld_sbd_show_list_item`: the items of the list an owner claims.
  calls.handle(showListItem, async ({ listid }) => {
    const items = await listItems(app.storage, listid);
    if (!items) return new Answer(404, itemListHtml({ rows: [], total: 0 }, 'There is no such list.'));
    return itemListHtml(items, 'This list has no items yet.');
  });
}
