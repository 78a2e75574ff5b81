import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAccount, mailPasswordReset } from '../../accounts/index.js';
import { firstString, positiveId } from '../../plugins/bodies.js';
import { doneFrom, staffForPage, staffForPost, withDone } from '../back-office/guard.js';
import { changePerson, people, personById, ROLE_LABELS, ROLES, type Change } from './store.js';

export const PEOPLE_PATH = '/admin/people';
const NOT_FOUND = { page: 'not-found', title: 'Page not found' } as const;

const OUTCOME = {
  gone: 'Nothing changed: that account is gone.',
  'last-administrator': 'Nothing changed: the site would have no administrator left who can sign in.',
} as const;

/**
 * People (issue 14): every account with its role; an administrator changes a role, disables or
 * enables an account (a disabled one's sessions end and it cannot sign in), or mails a person the
 * single-use link to choose a new password. Nobody can leave the
 * site without an administrator. Administrators only.
 */
export async function peopleRoutes(app: FastifyInstance) {
  const roles = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

  const show = async (request: FastifyRequest, reply: FastifyReply, selfId: number) =>
    reply.renderPage({
      page: 'admin-people',
      title: 'People',
      people: await people(app.storage, selfId),
      roles,
      errors: {},
      done: doneFrom(request),
    });
  const back = (reply: FastifyReply, done: string) => reply.redirect(withDone(reply.request, PEOPLE_PATH, done), 303);

  app.get(PEOPLE_PATH, async (request, reply) => {
    const user = await staffForPage(request, reply, 'people');
    if (!user) return reply;
    return show(request, reply, user.id);
  });

  app.post(`${PEOPLE_PATH}/:id`, async (request, reply) => {
    const post = await staffForPost(request, reply, 'people', PEOPLE_PATH);
    if (!post) return reply;
    const id = positiveId((request.params as { id?: string }).id);
    const person = id === null ? undefined : await personById(app.storage, id);
    if (id === null || !person) return reply.renderPage(NOT_FOUND, 404);
    const role = ROLES.find((r) => r === firstString(post.fields.role));
    const action = firstString(post.fields.do);
    let change: Change;
    let done: string;
    if (action === 'role' && role) {
      change = { role };
      done = `${person.name || person.email} is now ${ROLE_LABELS[role].toLowerCase()}.`;
    } else if (action === 'disable' || action === 'enable') {
      change = { disabled: action === 'disable' };
      done = `${person.name || person.email} is ${action}d.`;
    } else if (action === 'reset') {
      // The member's own "forgot password" link, so the administrator never learns a password.
      const account = await findAccount(app.storage, id);
      if (account) await mailPasswordReset(app, request, account);
      return back(reply, `A link to choose a new password is on its way to ${person.email}.`);
    } else {
      return reply.code(400).type('text/plain; charset=utf-8').send('Unknown change');
    }
    const outcome = await changePerson(app.storage, id, change);
    return back(reply, outcome === 'done' ? done : OUTCOME[outcome]);
  });
}
