import { decodeEmail } from '@waymark/protocol';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { decodeContacts } from './decode.js';

/** The decoder's call: a page's encoded contacts, revealed to a person. */
export function registerContactsCalls(calls: CallRegistry, _app: FastifyInstance) {
  calls.handle(decodeEmail, async (input, { request, reply }) => decodeContacts(request, reply, input));
}
