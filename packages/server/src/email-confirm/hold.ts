import type { FastifyRequest } from 'fastify';
import { enqueueMail, renderMail } from '../mail/index.js';
import { siteOrigin } from '../plugins/site-origin.js';
import { clientHash } from '../shield/index.js';
import { keepConfirmation } from './store.js';

/** Links one address may be sent in an hour, and one client may ask for: a person asks one or two. */
export const LINKS_PER_ADDRESS_HOUR = 5;
export const LINKS_PER_CLIENT_HOUR = 20;

export const CONFIRM_PATH = '/confirm';

export interface HoldRequest {
  kind: string;
  /** Where the link goes, and whom the mail greets. */
  to: { email: string; name?: string };
  payload: unknown;
  /** The mail's subject and what it says the link does, in a sentence. */
  subject: string;
  explanation: string;
  actionLabel: string;
}

export const LINKS_SPENT = 'We sent as many links as we may this hour. Please try again in an hour.';

/**
 * Counts a link asked for `email` from this client: false once the address or the client has
 * had its share this hour. Counted before anything is looked up, so the answer is the same
 * whether an account uses the address or not.
 */
export async function withinLinkShare(request: FastifyRequest, email: string): Promise<boolean> {
  const app = request.server;
  const address = email.trim().toLowerCase();
  const [perAddress, perClient] = await Promise.all([
    app.state.hit(`confirm:address:${app.shield.keys.mac('confirm', address).slice(0, 32)}`, 3_600),
    app.state.hit(`confirm:client:${clientHash(app.shield.keys, request)}`, 3_600),
  ]);
  return perAddress <= LINKS_PER_ADDRESS_HOUR && perClient <= LINKS_PER_CLIENT_HOUR;
}

/** Keeps what the visitor asked for until the link mailed to `to` is opened. */
export async function holdForConfirmation(request: FastifyRequest, hold: HoldRequest): Promise<void> {
  const app = request.server;
  const address = hold.to.email.trim().toLowerCase();
  const token = await keepConfirmation(app.storage.db, { kind: hold.kind, email: address, payload: hold.payload });
  const link = `${siteOrigin(request)}${CONFIRM_PATH}?token=${token}`;
  const { siteName } = app.config;
  await enqueueMail(app.storage.db, {
    kind: `confirm-${hold.kind}`,
    to: address,
    ...renderMail(
      {
        subject: hold.subject,
        paragraphs: [
          `Hello${hold.to.name ? ` ${hold.to.name}` : ''},`,
          hold.explanation,
          'The link works once, for one hour.',
        ],
        action: { label: hold.actionLabel, href: link },
        footer: `If you did not ask for this on ${siteName}, ignore this message: nothing happens without the link.`,
      },
      siteName,
    ),
  });
}
