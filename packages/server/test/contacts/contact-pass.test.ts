import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTACT_PASS_COOKIE, grantContactPass, hasContactPass } from '../../src/contacts/pass.js';
import { createShieldKeys } from '../../src/shield/keys.js';

const keys = createShieldKeys('pass-test-secret-that-is-long-enough-0123');

function visitor(ip: string, agent: string, cookie?: string) {
  return {
    ip,
    protocol: 'http',
    headers: { 'user-agent': agent },
    cookies: cookie ? { [CONTACT_PASS_COOKIE]: cookie } : {},
  } as unknown as FastifyRequest;
}

function issue(request: FastifyRequest, now: number): string {
  let value = '';
  const reply = { setCookie: (_name: string, v: string) => (value = v) } as unknown as FastifyReply;
  grantContactPass(keys, request, reply, now);
  return value;
}

describe('contact pass', () => {
  const now = 1_800_000_000_000;
  const pass = issue(visitor('203.0.113.5', 'Firefox'), now);

  it('lets the visitor it was issued to see contacts for 12 hours', () => {
    expect(hasContactPass(keys, visitor('203.0.113.5', 'Firefox', pass), now + 1_000)).toBe(true);
    expect(hasContactPass(keys, visitor('203.0.113.5', 'Firefox', pass), now + 12 * 3_600_000 + 1_000)).toBe(false);
  });

  it('does nothing when copied to another address or browser, or altered', () => {
    expect(hasContactPass(keys, visitor('198.51.100.7', 'Firefox', pass), now)).toBe(false);
    expect(hasContactPass(keys, visitor('203.0.113.5', 'curl/8', pass), now)).toBe(false);
    expect(
      hasContactPass(
        keys,
        visitor(
          '203.0.113.5',
          'Firefox',
          pass.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
        ),
        now,
      ),
    ).toBe(false);
    expect(hasContactPass(keys, visitor('203.0.113.5', 'Firefox', 'garbage'), now)).toBe(false);
  });
});
