import {
  CART_FIELDS,
  checkCoordinates,
  formatMoney,
  NONCE_ACTIONS,
  SHOP_PATHS,
  shopSettings,
  type ListingStatus,
  type ListingValues,
  type PendingListingView,
  type ShopProduct,
} from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listCategories, listLists, listTagNames } from '../directory/index.js';
import { firstString, normaliseFields, positiveId } from '../plugins/bodies.js';
import { readSetting } from '../settings/store.js';
import { judgeSubmission, refusalPage } from '../shield/index.js';
import {
  decideListing,
  LISTING_STATUSES,
  listingCounts,
  listingsWithStatus,
  parseTags,
  savePendingListing,
  type ListingRow,
} from './store.js';
import { checkListing, EMPTY_LISTING, listingValues } from './values.js';

export const LISTING_THANKS =
  'Thank you! Your listing is waiting for approval: an administrator will review it before it appears in the directory.';
const EXPIRED_FORM = 'The form expired. Please try again.';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;
const ADMIN_PATH = '/admin/listings';

const DONE = {
  approve: 'The listing is approved: it is in the directory now.',
  reject: 'The listing is rejected.',
} as const;

/** What the shop does with a saved listing: put its product in the visitor's cart (app.ts wires it). */
export type AfterListingSaved = (
  request: FastifyRequest,
  reply: FastifyReply,
  listingId: number,
  product: ShopProduct,
) => Promise<void>;

/** The prices the form shows, from the shop's settings. */
async function listingPrices(app: FastifyInstance) {
  const { currency, prices } = await readSetting(app.storage, shopSettings);
  return {
    listing: formatMoney(prices.paidListing, currency),
    once: `${formatMoney(prices.featuredOnce, currency)} once`,
    monthly: `${formatMoney(prices.featuredMonthly, currency)} a month`,
  };
}

/** The product the form chose: a paid listing, or a featured one paid once or monthly. */
const chosenProduct = (fields: Record<string, unknown>, recurring: boolean): ShopProduct =>
  firstString(fields[CART_FIELDS.product]) === 'paid-listing'
    ? 'paid-listing'
    : recurring
      ? 'featured-monthly'
      : 'featured-once';

/**
 * "Add your business" and its approval. A listing is kept as pending, judged by the spam shield like every other form, and an administrator approves it
 * into a list (or rejects it) at /admin/listings. The form is a classic post, so it works
 * without a script too; the shield's page layer adds its signals to it. With the shop (app.ts
 * wires `afterSave`) the buyer goes on to the cart, and paying approves the listing.
 */
export async function listingsRoutes(app: FastifyInstance, options: { afterSave?: AfterListingSaved } = {}) {
  const formPage = async (
    reply: FastifyReply,
    state: { values?: ListingValues; errors?: Record<string, string>; sent?: string | null },
    status = 200,
  ) => {
    const [categories, tags] = await Promise.all([listCategories(app.storage), listTagNames(app.storage)]);
    return reply.renderPage(
      {
        page: 'add-business',
        title: 'Add your business',
        categories,
        tags,
        prices: await listingPrices(app),
        values: state.values ?? EMPTY_LISTING,
        errors: state.errors ?? {},
        sent: state.sent ?? null,
      },
      status,
    );
  };

  app.get('/add-business', async (request, reply) => {
    const sent = (request.query as Record<string, unknown> | undefined)?.sent === 'pending';
    return formPage(reply, { sent: sent ? LISTING_THANKS : null });
  });

  app.post('/add-business', async (request, reply) => {
    const fields = normaliseFields(request.body);
    const values = listingValues(fields);
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return formPage(reply, { values, errors: { form: EXPIRED_FORM } }, 403);
    }
    const [categories, tags] = await Promise.all([listCategories(app.storage), listTagNames(app.storage)]);
    const checked = checkListing(values, { categories, tags });
    if (!checked.ok) return formPage(reply, { values, errors: checked.errors }, 400);
    // A place chosen among the address suggestions brings its position: in range, both or neither.
    const place = checkCoordinates(firstString(fields.address_lat), firstString(fields.address_lon));
    if (!place.ok) return formPage(reply, { values, errors: { address: place.message } }, 400);

    const verdict = await judgeSubmission(request, fields, { form: 'add-business' });
    const refused = refusalPage(request, reply, verdict, { moderated: true });
    if (refused) return refused;
    const listingId = await savePendingListing(app.storage, checked.listing, verdict, place);
    // Post, then redirect: a reload does not send the listing again. With the shop, the
    // listing's product waits in the cart and paying for it activates the listing.
    if (options.afterSave) {
      await options.afterSave(request, reply, listingId, chosenProduct(fields, values.recurring));
      return reply.redirect(`${SHOP_PATHS.cart}?done=listing`, 303);
    }
    return reply.redirect('/add-business?sent=pending', 303);
  });

  const administrator = (request: FastifyRequest) => request.user?.role === 'administrator';

  app.get(ADMIN_PATH, async (request, reply) => {
    if (!request.user) return reply.redirect(`/login?next=${encodeURIComponent(ADMIN_PATH)}`, 303);
    if (!administrator(request)) return reply.renderPage(NOT_FOUND, 404);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const status = LISTING_STATUSES.find((s) => s === query.status) ?? 'pending';
    const done = query.done === 'approve' || query.done === 'reject' ? DONE[query.done] : null;
    const [rows, counts, lists] = await Promise.all([
      listingsWithStatus(app.storage, status),
      listingCounts(app.storage),
      listLists(app.storage),
    ]);
    return reply.renderPage({
      page: 'listings',
      title: 'Listings',
      status,
      counts,
      listings: rows.map(listingView),
      lists: lists.map((list) => ({ id: list.id, title: list.title, categoryId: list.category_id })),
      done,
    });
  });

  app.post(`${ADMIN_PATH}/:id`, async (request, reply) => {
    if (!administrator(request)) return reply.renderPage(NOT_FOUND, 404);
    const fields = normaliseFields(request.body);
    const back = (status: ListingStatus, done?: keyof typeof DONE) =>
      reply.redirect(`${ADMIN_PATH}?status=${status}${done ? `&done=${done}` : ''}`, 303);
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return back('pending');
    }
    const id = positiveId((request.params as { id?: string }).id);
    const action = firstString(fields.action);
    const listId = positiveId(fields.list);
    if (id === null || (action !== 'approve' && action !== 'reject') || (action === 'approve' && listId === null)) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown listing, list or action');
    }
    const decided = await decideListing(
      app.storage,
      id,
      action === 'approve' ? { action, listId: listId ?? 0 } : { action },
    );
    if (!decided) return reply.renderPage(NOT_FOUND, 404);
    return back('pending', action);
  });
}

function listingView(row: ListingRow): PendingListingView {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    url: row.url,
    address: row.address,
    email: row.owner_email,
    category: row.category_id !== null && row.category_name ? { id: row.category_id, name: row.category_name } : null,
    tags: parseTags(row.tags),
    payment: row.payment === 'recurring' ? 'recurring' : 'once',
    at: row.created_at,
    score: row.score,
    reasons: parseTags(row.reasons),
    itemId: row.item_id,
  };
}
