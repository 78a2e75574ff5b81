import { liveSearchSettings, type PostView } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { firstString } from '../plugins/bodies.js';
import { readSetting } from '../settings/store.js';
import { findDocuments } from './live-search.js';
import { searchWords } from './query-text.js';
import type { PostKind } from '../db/schema.js';
import { postBySlug } from './store.js';

const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;
/** Hits the search page lists. */
const SEARCH_PAGE_SIZE = 30;

/**
 * Pages and articles at their clean addresses, and the search page, where the header's search
 * form goes for visitors without scripts (and for Enter on a text with no suggestion chosen).
 */
export async function postsRoutes(app: FastifyInstance) {
  const showPost = async (reply: FastifyReply, type: PostKind, slug: string) => {
    const post = await postBySlug(app.storage, type, slug);
    if (!post) return reply.renderPage(NOT_FOUND, 404);
    const view: PostView = {
      type: post.type,
      title: post.title,
      bodyHtml: post.body,
      image: post.image,
      imageAlt: post.imageAlt,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    };
    return reply.renderPage({ page: 'post', title: post.title, post: view });
  };

  app.get<{ Params: { slug: string } }>('/pages/:slug', async (request, reply) =>
    showPost(reply, 'page', request.params.slug),
  );
  app.get<{ Params: { slug: string } }>('/articles/:slug', async (request, reply) =>
    showPost(reply, 'article', request.params.slug),
  );

  app.get('/search', async (request, reply) => {
    const query = (firstString((request.query as Record<string, unknown>).q) ?? '').slice(0, 200);
    const settings = await readSetting(app.storage, liveSearchSettings, (m) => request.log.warn(m));
    const text = query.trim();
    const words = searchWords(text);
    const searchable = [...text].length >= settings.min_char_count && words.length > 0;
    const hits = searchable
      ? await findDocuments(app.storage, {
          words,
          kinds: settings.post_types,
          limit: SEARCH_PAGE_SIZE,
          titlesOnly: settings.search_limit_to_post_titles,
        })
      : [];
    const message =
      text === ''
        ? null
        : !searchable
          ? `Please type at least ${settings.min_char_count} characters.`
          : hits.length === 0
            ? settings.no_search_results
            : null;
    return reply.renderPage({
      page: 'search',
      title: text ? `Search: ${text}` : 'Search',
      query,
      hits: hits.map(({ kind, id, url, title, image }) => ({ type: kind, id, url, title, image })),
      message,
    });
  });
}
