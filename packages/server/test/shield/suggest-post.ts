import { NONCE_ACTIONS } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import { form, FORM_HEADERS } from '../support/app.js';

/** The suggest form posted through admin-ajax with the given shield fields, from `remoteAddress`. */
export const postSuggest = (app: FastifyInstance, fields: Record<string, string>, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/wp-admin/admin-ajax.php',
    payload: form({
      action: 'waymark_suggest_item',
      _ajax_nonce: app.nonces.create(NONCE_ACTIONS.ajax, ''),
      name: 'Corner Bakery',
      address: '12 Main Street',
      website: 'https://bakery.example',
      email: '',
      note: '',
      ...fields,
    }),
    headers: FORM_HEADERS,
    remoteAddress,
  });
