import { generateText } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { Answer, type CallRegistry } from '../plugins/call-registry.js';
import { summarisePage } from './page-summary.js';
import { FetchRefused, fetchPublicPage } from './public-fetch.js';

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
}
