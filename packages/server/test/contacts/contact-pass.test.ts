import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONTACT_PASS_COOKIE, contactHash, grantContactPass, readContactPass } from '../../src/contacts/pass.js';
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

function issue(request: FastifyRequest, decoded: string[], now: number): string {
  let value = '';
  const reply = { setCookie: (_name: string, v: string) => (value = v) } as unknown as FastifyReply;
  grantContactPass(keys, request, reply, decoded, now);
  return value;
}

/**
 * The pass used to let its holder see every contact in clear; issue 16 makes it hold only the
 * contacts that visitor decoded, so `hasContactPass` became `readContactPass` and answers them.
 */
describe('contact pass', () => {
  const now = 1_800_000_000_000;
  const phone = '+44 20 7946 0123';
  const pass = issue(visitor('203.0.113.5', 'Firefox'), [phone], now);
  const holds = (request: FastifyRequest, at: number) =>
    readContactPass(keys, request, at).has(contactHash(keys, phone));

  it('lets the visitor it was issued to see the contacts they decoded for 12 hours, and no others', () => {
    expect(holds(visitor('203.0.113.5', 'Firefox', pass), now + 1_000)).toBe(true);
    expect(readContactPass(keys, visitor('203.0.113.5', 'Firefox', pass), now + 1_000).size).toBe(1);
    expect(
      readContactPass(keys, visitor('203.0.113.5', 'Firefox', pass), now).has(contactHash(keys, '+1 555 0100')),
    ).toBe(false);
    expect(holds(visitor('203.0.113.5', 'Firefox', pass), now + 12 * 3_600_000 + 1_000)).toBe(false);
  });

  it('adds later decodes to the contacts already held', () => {
    const more = issue(visitor('203.0.113.5', 'Firefox', pass), ['info@example.com'], now + 5_000);
    const held = readContactPass(keys, visitor('203.0.113.5', 'Firefox', more), now + 6_000);
    expect([...held].sort()).toEqual([contactHash(keys, phone), contactHash(keys, 'info@example.com')].sort());
  });

  it('does nothing when copied to another address or browser, or altered', () => {
    expect(holds(visitor('198.51.100.7', 'Firefox', pass), now)).toBe(false);
    expect(holds(visitor('203.0.113.5', 'curl/8', pass), now)).toBe(false);
    expect(
      holds(
        visitor(
          '203.0.113.5',
          'Firefox',
          pass.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
        ),
        now,
      ),
    ).toBe(false);
    // A hash added to the list breaks the signature.
    const [expires, list, signature] = pass.split('.');
    const widened = `${expires}.${list}-${contactHash(keys, '+1 555 0100')}.${signature}`;
    expect(readContactPass(keys, visitor('203.0.113.5', 'Firefox', widened), now).size).toBe(0);
    expect(holds(visitor('203.0.113.5', 'Firefox', 'garbage'), now)).toBe(false);
  });
});
