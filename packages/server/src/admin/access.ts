import type { FastifyReply, FastifyRequest } from 'fastify';

/** The back office's areas; editors manage items and lists, administrators everything. */
export type AdminArea = 'items' | 'lists' | 'settings' | 'people' | 'claims' | 'moderation';

const EDITOR_AREAS: ReadonlySet<AdminArea> = new Set(['items', 'lists']);

/** Whether a role may use an area of the back office. */
export function mayUse(role: string | undefined, area: AdminArea): boolean {
  if (role === 'administrator') return true;
  return role === 'editor' && EDITOR_AREAS.has(area);
}

/**
 * Answers a request to an area its user may not use with the 403 page (a visitor is offered the
 * sign-in that comes back here) and returns false; returns true when the user may go on.
 */
export async function admitTo(request: FastifyRequest, reply: FastifyReply, area: AdminArea): Promise<boolean> {
  if (mayUse(request.user?.role, area)) return true;
  const back = request.method === 'GET' ? request.url : '/admin';
  await reply.renderPage(
    request.user
      ? {
          page: 'account-notice',
          title: 'Not allowed',
          message: 'Your account may not use this part of the back office.',
          link: { href: '/', label: 'Back to the directory' },
        }
      : {
          page: 'account-notice',
          title: 'Not allowed',
          message: 'The back office is for administrators and editors. Please sign in first.',
          link: { href: `/login?next=${encodeURIComponent(back)}`, label: 'Sign in' },
        },
    403,
  );
  return false;
}
