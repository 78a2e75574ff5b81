import { emailCheckBeforePost, emailCheckExistPost } from '@waymark/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRegistry } from '../plugins/call-registry.js';
import { checkEmail } from './check-email.js';
import { createMxLookup } from './mx.js';

const CHECKS_PER_MINUTE = 30;

/** The two e-mail checks of PROTOCOL.md section 3, rate limited per client. */
export function registerEmailCheckCalls(calls: CallRegistry, app: FastifyInstance) {
  const lookup = createMxLookup({
    servers: app.config.dnsServers,
    timeoutMs: app.config.dnsTimeoutMs,
    canary: app.config.dnsCanary,
    cacheTtlMs: 3_600_000,
  });
  const allowed = async (request: FastifyRequest) =>
    (await app.state.hit(`email-check:${request.ip}`, 60)) <= CHECKS_PER_MINUTE;

  calls.handle(emailCheckBeforePost, async ({ email }, { request }) => {
    const address = email?.trim() ?? '';
    if (!address) return { error: 'EMPTY_DATA' as const };
    if (!(await allowed(request))) return { error: 'ERROR_CHECKING_EMAIL' as const };
    const { result } = await checkEmail(address, lookup);
    return { result: { [address]: { result } } };
  });

  calls.handle(emailCheckExistPost, async ({ email }, { request }) => {
    const address = email?.trim() ?? '';
    if (!address) return { error: 'EMPTY_DATA' };
    if (!(await allowed(request))) return { error: 'ERROR_CHECKING_EMAIL' };
    const { result, text } = await checkEmail(address, lookup);
    return { result: { result, text_result: text } };
  });
}
