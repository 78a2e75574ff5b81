import { CLAIM_STATUSES, NONCE_ACTIONS, type ClaimStatus, type OwnerItemValues } from '@waymark/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../../content/sanitize.js';
import { fieldErrors, firstString, normaliseFields, positiveId } from '../../plugins/bodies.js';
import { judgeSubmission, refusalPage } from '../../shield/index.js';
import { mayUse } from '../access.js';
import { doneFrom, staffForPage, staffForPost, withDone } from '../back-office/guard.js';
import { claimMessage, ownerItemFields } from './fields.js';
import {
  addClaim,
  claimCounts,
  claimsWith,
  decideClaim,
  itemTitle,
  ownClaim,
  ownerValues,
  ownsItem,
  saveOwnerValues,
} from './store.js';

export const CLAIMS_PATH = '/admin/claims';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;
const EXPIRED_FORM = 'The form expired. Please try again.';
const CLAIM_SENT = 'Thank you. An administrator will check your claim and let you know.';
const OWNER_FIELDS = ['title', 'subtitle', 'description', 'phone', 'hours', 'url', 'address'] as const;

const itemIdOf = (request: FastifyRequest) => positiveId((request.params as { id?: string }).id);
const toLogin = (request: FastifyRequest, reply: FastifyReply) =>
  reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 303);

/**
 * Claims (issue 14): a signed-in business owner claims an item from its page with a message,
 * through the spam shield like every form; administrators approve or reject; an approved owner
 * (and the staff) edit the item's public fields.
 */
export async function claimsRoutes(app: FastifyInstance) {
  // The owner's side.

  const showClaim = async (
    reply: FastifyReply,
    item: { id: number; title: string },
    userId: number,
    state: { message?: string; errors?: Record<string, string>; sent?: string | null },
    status = 200,
  ) =>
    reply.renderPage(
      {
        page: 'claim-item',
        title: `Claim ${item.title}`,
        item,
        existing: await ownClaim(app.storage, item.id, userId),
        message: state.message ?? '',
        errors: state.errors ?? {},
        sent: state.sent ?? null,
      },
      status,
    );

  app.get('/items/:id/claim', async (request, reply) => {
    const id = itemIdOf(request);
    const item = id === null ? undefined : await itemTitle(app.storage, id);
    if (!item) return reply.renderPage(NOT_FOUND, 404);
    if (!request.user) return toLogin(request, reply);
    return showClaim(reply, item, request.user.id, {});
  });

  app.post('/items/:id/claim', async (request, reply) => {
    const id = itemIdOf(request);
    const item = id === null ? undefined : await itemTitle(app.storage, id);
    if (!item) return reply.renderPage(NOT_FOUND, 404);
    const user = request.user;
    if (!user) return toLogin(request, reply);
    const fields = normaliseFields(request.body);
    const message = (firstString(fields.message) ?? '').slice(0, 4_000);
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return showClaim(reply, item, user.id, { message, errors: { form: EXPIRED_FORM } }, 403);
    }
    const parsed = claimMessage.safeParse(message);
    if (!parsed.success) {
      return showClaim(
        reply,
        item,
        user.id,
        { message, errors: { message: parsed.error.issues[0]?.message ?? '' } },
        400,
      );
    }
    const verdict = await judgeSubmission(request, fields, { form: 'claim' });
    const refused = refusalPage(request, reply, verdict, { moderated: true });
    if (refused) return refused;
    if ((await ownClaim(app.storage, item.id, user.id)) !== 'pending')
      await addClaim(app.storage, item.id, user.id, parsed.data);
    return showClaim(reply, item, user.id, { sent: CLAIM_SENT });
  });

  /** Who may edit the item's public fields: its approved owner, and the staff. */
  const mayEdit = async (request: FastifyRequest, itemId: number) =>
    request.user !== null &&
    (mayUse(request.user.role, 'items') || (await ownsItem(app.storage, itemId, request.user.id)));

  const showOwnerForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    itemId: number,
    values: OwnerItemValues,
    errors: Record<string, string> = {},
    status = 200,
  ) =>
    reply.renderPage(
      { page: 'owner-item', title: `Edit ${values.title}`, itemId, values, errors, done: doneFrom(request) },
      status,
    );

  app.get('/items/:id/edit', async (request, reply) => {
    const id = itemIdOf(request);
    const values = id === null ? undefined : await ownerValues(app.storage, id);
    if (id === null || !values) return reply.renderPage(NOT_FOUND, 404);
    if (!request.user) return toLogin(request, reply);
    if (!(await mayEdit(request, id))) return reply.renderPage(NOT_FOUND, 404);
    return showOwnerForm(request, reply, id, values);
  });

  app.post('/items/:id/edit', async (request, reply) => {
    const id = itemIdOf(request);
    if (id === null || !(await ownerValues(app.storage, id))) return reply.renderPage(NOT_FOUND, 404);
    if (!(await mayEdit(request, id))) return reply.renderPage(NOT_FOUND, 404);
    const fields = normaliseFields(request.body);
    const values = Object.fromEntries(
      OWNER_FIELDS.map((name) => [name, (firstString(fields[name]) ?? '').slice(0, 25_000)]),
    ) as unknown as OwnerItemValues;
    if (!app.nonces.verify(firstString(fields._wpnonce), NONCE_ACTIONS.form, request.nonceSession)) {
      return showOwnerForm(request, reply, id, values, { form: EXPIRED_FORM }, 403);
    }
    const parsed = ownerItemFields.safeParse(values);
    if (!parsed.success) return showOwnerForm(request, reply, id, values, fieldErrors(parsed.error.issues), 400);
    await saveOwnerValues(app.storage, id, { ...parsed.data, description: sanitizeRichText(parsed.data.description) });
    return reply.redirect(withDone(request, `/items/${id}/edit`, 'Your changes are saved.'), 303);
  });

  // The administrators' side.

  app.get(CLAIMS_PATH, async (request, reply) => {
    if (!(await staffForPage(request, reply, 'claims'))) return reply;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const status: ClaimStatus = CLAIM_STATUSES.find((s) => s === query.status) ?? 'pending';
    const [claims, counts] = await Promise.all([claimsWith(app.storage, status), claimCounts(app.storage)]);
    return reply.renderPage({ page: 'admin-claims', title: 'Claims', status, counts, claims, done: doneFrom(request) });
  });

  app.post(`${CLAIMS_PATH}/:id`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'claims', CLAIMS_PATH);
    if (!post) return reply;
    const id = positiveId((request.params as { id?: string }).id);
    const decision = firstString(post.fields.decision);
    if (id === null || (decision !== 'approved' && decision !== 'rejected')) {
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown claim or decision');
    }
    if (!(await decideClaim(app.storage, id, decision))) return reply.renderPage(NOT_FOUND, 404);
    return reply.redirect(withDone(request, CLAIMS_PATH, `The claim is ${decision}.`), 303);
  });
}
