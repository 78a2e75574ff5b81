import { Readable } from 'node:stream';
import {
  ADMIN_ITEM_SORTS,
  NONCE_ACTIONS,
  type AdminItemQuery,
  type AdminItemValues,
  type ImportReport,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ImageRefused, removeStoredImage, storeUploadedImage, thumbOf } from '../../media/index.js';
import { firstString, normaliseFields, positiveId } from '../../plugins/bodies.js';
import { admitTo } from '../access.js';
import { CSV_COLUMNS, csvHeader, csvLine, parseImport } from './csv.js';
import {
  createItem,
  deleteItem,
  exportItems,
  insertItems,
  itemFormValues,
  ITEMS_PER_PAGE,
  listOptions,
  moveItem,
  searchItems,
  updateItem,
  type SaveOutcome,
} from './store.js';
import { checkItem, EMPTY_ITEM, itemValues } from './values.js';

const ITEMS_PATH = '/admin/items';
const EXPIRED_FORM = 'The form expired. Please try again.';
const DONE = {
  created: 'The item is added.',
  saved: 'The item is saved.',
  moved: 'The item is moved to its new list.',
  deleted: 'The item is deleted.',
  imported: 'The items are imported.',
} as const;
type Done = keyof typeof DONE;

const doneOf = (query: Record<string, unknown>) => {
  const done = firstString(query.done);
  return done && done in DONE ? DONE[done as Done] : null;
};

/** The table's search, filter, sort and page from the address; anything unknown is the default. */
export function itemQuery(raw: Record<string, unknown>): AdminItemQuery {
  const sort = ADMIN_ITEM_SORTS.find((s) => s === firstString(raw.sort)) ?? 'updated';
  const dir =
    firstString(raw.dir) === 'asc'
      ? 'asc'
      : firstString(raw.dir) === 'desc'
        ? 'desc'
        : sort === 'updated'
          ? 'desc'
          : 'asc';
  const page = Math.min(positiveId(raw.page) ?? 1, 1_000_000);
  return { q: (firstString(raw.q) ?? '').slice(0, 200), list: positiveId(raw.list), sort, dir, page };
}

/** The back office's items: the table, the item form, moving, deleting, CSV import and export. */
export async function adminItemRoutes(app: FastifyInstance) {
  // Every address here is for administrators and editors only: the rest see the 403 page.
  // At the request's start, so a refused request's body is never even read.
  app.addHook('onRequest', async (request, reply) => {
    if (!(await admitTo(request, reply, 'items'))) return reply;
  });

  const nonceOk = (request: FastifyRequest, fields: Record<string, unknown>) =>
    app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession);

  app.get(ITEMS_PATH, async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const query = itemQuery(raw);
    const [{ rows, total }, lists] = await Promise.all([searchItems(app.storage, query), listOptions(app.storage)]);
    return reply.renderPage({
      page: 'admin-items',
      title: 'Items',
      rows: rows.map((row) => ({
        ...row,
        paid: row.paid === 1,
        featured: row.featured === 1,
        thumb: thumbOf(row.image),
      })),
      total,
      perPage: ITEMS_PER_PAGE,
      query,
      lists,
      done: doneOf(raw),
    });
  });

  const formPage = async (
    reply: FastifyReply,
    id: number | null,
    values: AdminItemValues,
    state: { errors?: Record<string, string>; done?: string | null } = {},
    status = 200,
  ) => {
    const [lists, categories] = await Promise.all([
      listOptions(app.storage),
      app.storage.db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('position').execute(),
    ]);
    return reply.renderPage(
      {
        page: 'admin-item',
        title: id === null ? 'New item' : `Edit ${values.title || 'item'}`,
        id,
        values: { ...values, list: values.list || String(lists[0]?.id ?? '') },
        errors: state.errors ?? {},
        lists,
        categories,
        geocoder: '',
        done: state.done ?? null,
      },
      status,
    );
  };

  app.get(`${ITEMS_PATH}/new`, async (_request, reply) => formPage(reply, null, EMPTY_ITEM));

  app.get(`${ITEMS_PATH}/:id`, async (request, reply) => {
    const id = positiveId((request.params as { id?: string }).id);
    const values = id === null ? null : await itemFormValues(app.storage, id);
    if (id === null || !values) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    return formPage(reply, id, values, { done: doneOf((request.query ?? {}) as Record<string, unknown>) });
  });

  /** Creates or saves an item from the form: the picture first, then the fields. */
  const save = async (request: FastifyRequest, reply: FastifyReply, id: number | null) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = normaliseFields(body);
    const values = itemValues(fields);
    if (!nonceOk(request, fields)) return formPage(reply, id, values, { errors: { form: EXPIRED_FORM } }, 403);
    const previous = id === null ? '' : ((await itemFormValues(app.storage, id))?.image ?? null);
    if (previous === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (firstString(fields.image_remove) === '1') values.image = '';
    const upload = body.image_file;
    if (Buffer.isBuffer(upload) && upload.length > 0) {
      try {
        values.image = (await storeUploadedImage(app.config.mediaDir, upload)).url;
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        return formPage(reply, id, values, { errors: { image: error.message } }, 400);
      }
    }
    const checked = checkItem(values);
    if (!checked.ok) return formPage(reply, id, values, { errors: checked.errors }, 400);
    const outcome: SaveOutcome =
      id === null ? await createItem(app.storage, checked.item) : await updateItem(app.storage, id, checked.item);
    if (outcome.kind === 'no-item') return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (outcome.kind === 'no-list') return formPage(reply, id, values, { errors: { list: 'Choose a list.' } }, 400);
    if (previous && previous !== checked.item.image) await removeStoredImage(app.config.mediaDir, previous);
    // Post, then redirect: a reload does not save again.
    return reply.redirect(`${ITEMS_PATH}/${outcome.id}?done=${id === null ? 'created' : 'saved'}`, 303);
  };

  app.post(`${ITEMS_PATH}/new`, async (request, reply) => save(request, reply, null));
  app.post(`${ITEMS_PATH}/:id`, async (request, reply) => {
    const id = positiveId((request.params as { id?: string }).id);
    if (id === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    return save(request, reply, id);
  });

  app.post(`${ITEMS_PATH}/:id/move`, async (request, reply) => {
    const fields = normaliseFields(request.body);
    const id = positiveId((request.params as { id?: string }).id);
    if (id === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (!nonceOk(request, fields)) return reply.redirect(`${ITEMS_PATH}/${id}`, 303);
    const listId = positiveId(fields.list);
    const outcome = listId === null ? ({ kind: 'no-list' } as const) : await moveItem(app.storage, id, listId);
    if (outcome.kind === 'no-item') return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (outcome.kind === 'no-list') {
      const values = await itemFormValues(app.storage, id);
      return formPage(reply, id, values ?? EMPTY_ITEM, { errors: { move: 'Choose a list to move the item to.' } }, 400);
    }
    return reply.redirect(`${ITEMS_PATH}/${id}?done=moved`, 303);
  });

  app.post(`${ITEMS_PATH}/:id/delete`, async (request, reply) => {
    const fields = normaliseFields(request.body);
    const id = positiveId((request.params as { id?: string }).id);
    if (id === null) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    if (!nonceOk(request, fields)) return reply.redirect(`${ITEMS_PATH}/${id}`, 303);
    const deleted = await deleteItem(app.storage, id);
    if (!deleted) return reply.renderPage({ page: 'not-found', title: 'Page not found' }, 404);
    await removeStoredImage(app.config.mediaDir, deleted.image);
    return reply.redirect(`${ITEMS_PATH}?done=deleted`, 303);
  });

  app.get(`${ITEMS_PATH}/export.csv`, async (request, reply) => {
    const query = itemQuery((request.query ?? {}) as Record<string, unknown>);
    async function* lines() {
      yield csvHeader();
      for await (const batch of exportItems(app.storage, query)) {
        for (const values of batch) yield csvLine(values);
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="waymark-items.csv"')
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  const importPage = (
    reply: FastifyReply,
    state: { report?: ImportReport | null; errors?: Record<string, string> } = {},
    status = 200,
  ) =>
    reply.renderPage(
      {
        page: 'admin-import',
        title: 'Import items',
        columns: [...CSV_COLUMNS],
        report: state.report ?? null,
        errors: state.errors ?? {},
      },
      status,
    );

  app.get(`${ITEMS_PATH}/import`, async (_request, reply) => importPage(reply));

  app.post(`${ITEMS_PATH}/import`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = normaliseFields(body);
    if (!nonceOk(request, fields)) return importPage(reply, { errors: { form: EXPIRED_FORM } }, 403);
    const file = body.file;
    if (!Buffer.isBuffer(file) || file.length === 0) {
      return importPage(reply, { errors: { file: 'Choose a CSV file.' } }, 400);
    }
    const dryRun = firstString(fields.mode) !== 'import';
    const lists = await listOptions(app.storage);
    const parsed = parseImport(file.toString('utf8'), new Set(lists.map((list) => list.id)));
    if (!parsed.ok) return importPage(reply, { errors: { file: parsed.message } }, 400);
    const report: ImportReport = { dryRun, rows: parsed.rows, problems: parsed.problems, imported: 0 };
    // Nothing is written while any row is bad: the administrator fixes the file and sends it again.
    // A dry run did its job whatever it found; an import that wrote nothing was refused.
    if (dryRun) return importPage(reply, { report });
    if (parsed.problems.length > 0) return importPage(reply, { report }, 400);
    const ids = await app.storage.db
      .transaction()
      .execute(async (trx) => {
        const made = await insertItems(trx, parsed.items);
        // A list deleted meanwhile: undo every row.
        if (!made) throw new ImportAborted();
        return made;
      })
      .catch((error: unknown) => {
        if (error instanceof ImportAborted) return null;
        throw error;
      });
    if (!ids)
      return importPage(reply, { errors: { file: 'A list was deleted meanwhile; nothing was imported.' } }, 409);
    return importPage(reply, { report: { ...report, imported: ids.length } });
  });
}

class ImportAborted extends Error {}
