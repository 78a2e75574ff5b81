import { CALLS, NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { form, FORM_HEADERS } from '../support/app.js';
import { personSignals } from '../support/shield-fields.js';

/**
 * What a person's page adds to its upvote call (the shield's signals, as on the decode call), for
 * tests that vote as people: the spam shield judges every anonymous vote. Fresh each call, since
 * one page's signals belong to one client.
 */
export function personVoteFields(app: FastifyInstance, now = Date.now()): { event_javascript_data: string } {
  return { event_javascript_data: JSON.stringify(personSignals(app, now, 6_000)) };
}

/** The bot detector's event token for a client at `ip`, issued against the signals its page reported. */
export async function eventTokenFor(app: FastifyInstance, ip: string, signals: Record<string, unknown>) {
  const answer = await app.inject({
    method: 'POST',
    url: '/wp-admin/admin-ajax.php',
    headers: FORM_HEADERS,
    remoteAddress: ip,
    payload: form({
      action: CALLS.botDetector.action,
      _ajax_nonce: app.nonces.create(NONCE_ACTIONS.ajax, ''),
      event_javascript_data: JSON.stringify(signals),
    }),
  });
  return answer.json<{ event_token: string }>().event_token;
}
