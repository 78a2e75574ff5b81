import type { AccountsSettings } from '@waymark/protocol';
import type { FastifyRequest } from 'fastify';
import { clientHash } from '../shield/index.js';

const HOUR = 3_600;
const DAY = 86_400;

/**
 * The contact-owner form's limits, counted in the shared state so every instance agrees: per
 * client address per hour, per sender address per day, per item per day. Answers the refusal's
 * message, or null when all hold.
 */
export async function contactLimitRefusal(
  request: FastifyRequest,
  settings: AccountsSettings,
  message: { itemId: number; sender: string },
): Promise<string | null> {
  const { state, shield } = request.server;
  // Keyed hashes: the shared state never holds an address in clear. The address alone, never
  // with a header the client chooses: a new user agent must not buy a new hour.
  const client = clientHash(shield.keys, request);
  const sender = shield.keys.mac('contact-sender', message.sender.toLowerCase()).slice(0, 32);
  if ((await state.hit(`contact:client:${client}`, HOUR)) > settings.contactPerAddressPerHour) {
    return 'You have sent too many messages in the last hour. Please try again later.';
  }
  if ((await state.hit(`contact:sender:${sender}`, DAY)) > settings.contactPerSenderPerDay) {
    return 'This e-mail address has sent as many messages as it may today. Please try again tomorrow.';
  }
  if ((await state.hit(`contact:item:${message.itemId}`, DAY)) > settings.contactPerItemPerDay) {
    return 'This listing has received as many messages as it may today. Please try again tomorrow.';
  }
  return null;
}
