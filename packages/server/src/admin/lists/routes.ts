import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstString, positiveId } from '../../plugins/bodies.js';
import { doneFrom, staffForPage, staffForPost, wantsJson, withDone } from '../back-office/guard.js';
import { createRow, deleteRow, KINDS, lookupLists, nameOf, renameRow, reorderRows, type Kind } from './store.js';

export const LISTS_PATH = '/admin/lists';

const NOUN: Record<Kind, string> = { categories: 'category', lists: 'list', tags: 'tag' };
const NAME_MAX = 200;

const kindOf = (request: FastifyRequest): Kind | null =>
  KINDS.find((kind) => kind === (request.params as { kind?: string }).kind) ?? null;

/** A name as typed: trimmed, one line, not empty, not too long; or the reason it is not. */
function cleanName(value: unknown): { name: string } | { error: string } {
  const name = (firstString(value) ?? '').replace(/\s+/g, ' ').trim();
  if (!name) return { error: 'Please enter a name.' };
  if (name.length > NAME_MAX) return { error: `A name may have at most ${NAME_MAX} characters.` };
  return { name };
}

/**
 * Lists, categories and tags (issue 14): create, rename, reorder and delete, each a classic form
 * post that comes back to the page with what was done. Editors and administrators.
 */
export async function listsRoutes(app: FastifyInstance) {
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    errors: Record<string, string> = {},
    status = 200,
  ) => {
    const { categories, tags } = await lookupLists(app.storage);
    return reply.renderPage(
      { page: 'admin-lists', title: 'Lists, categories and tags', categories, tags, errors, done: doneFrom(request) },
      status,
    );
  };
  const back = (reply: FastifyReply, done: string) => reply.redirect(withDone(reply.request, LISTS_PATH, done), 303);

  app.get(LISTS_PATH, async (request, reply) => {
    if (!(await staffForPage(request, reply, 'lists'))) return reply;
    return show(request, reply);
  });

  app.post(`${LISTS_PATH}/:kind`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'lists', LISTS_PATH);
    if (!post) return reply;
    const kind = kindOf(request);
    if (!kind) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    const named = cleanName(post.fields.name);
    if ('error' in named) return show(request, reply, { [`new-${kind}`]: named.error }, 400);
    const category = kind === 'lists' ? positiveId(post.fields.category) : null;
    if (!(await createRow(app.storage, kind, named.name, category))) {
      return show(request, reply, { [`new-${kind}`]: 'Please choose the category the list goes in.' }, 400);
    }
    return back(reply, `The ${NOUN[kind]} “${named.name}” is added.`);
  });

  app.post(`${LISTS_PATH}/:kind/:id/rename`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'lists', LISTS_PATH);
    if (!post) return reply;
    const kind = kindOf(request);
    const id = positiveId((request.params as { id?: string }).id);
    if (!kind || id === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    const named = cleanName(post.fields.name);
    if ('error' in named) return show(request, reply, { [`rename-${kind}-${id}`]: named.error }, 400);
    if (!(await renameRow(app.storage, kind, id, named.name))) return back(reply, `That ${NOUN[kind]} is gone.`);
    return back(reply, `Renamed to “${named.name}”.`);
  });

  app.post(`${LISTS_PATH}/:kind/:id/delete`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'lists', LISTS_PATH);
    if (!post) return reply;
    const kind = kindOf(request);
    const id = positiveId((request.params as { id?: string }).id);
    if (!kind || id === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    const contents = firstString(post.fields.contents);
    const moveTo = contents === 'move' ? positiveId(post.fields.moveTo) : null;
    if ((contents !== 'move' && contents !== 'delete') || (contents === 'move' && moveTo === null)) {
      return show(request, reply, { [`delete-${kind}-${id}`]: 'Please choose what happens to what it holds.' }, 400);
    }
    const name = await nameOf(app.storage, kind, id);
    if (name === null || !(await deleteRow(app.storage, kind, id, moveTo))) {
      return back(reply, `Nothing was deleted: that ${NOUN[kind]}, or the one to move to, is gone.`);
    }
    return back(reply, `The ${NOUN[kind]} “${name}” is deleted.`);
  });

  app.post(`${LISTS_PATH}/:kind/order`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'lists', LISTS_PATH);
    if (!post) return reply;
    const kind = kindOf(request);
    if (kind !== 'categories' && kind !== 'lists') {
      return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    }
    const ids = (firstString(post.fields.order) ?? '').split(',').map(positiveId);
    const ok = ids.length > 0 && ids.length <= 10_000 && ids.every((id) => id !== null);
    const saved = ok && (await reorderRows(app.storage, kind, ids as number[]));
    if (wantsJson(request)) return reply.code(saved ? 200 : 409).send({ saved });
    return back(reply, saved ? 'The new order is saved.' : 'The order changed meanwhile; nothing was saved.');
  });
}
