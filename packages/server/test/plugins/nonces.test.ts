import { describe, expect, it } from 'vitest';
import { NONCE_SLOT_SECONDS } from '@waymark/protocol';
import { createNonces } from '../../src/plugins/nonces.js';

const SLOT = NONCE_SLOT_SECONDS * 1000;

function clock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('nonces', () => {
  it('are 10 lowercase hex characters', () => {
    const nonces = createNonces('secret');
    expect(nonces.create('wp_rest', '')).toMatch(/^[0-9a-f]{10}$/);
  });

  it('hold for the current and the previous slot, and not after', () => {
    const c = clock(100 * SLOT + 1);
    const nonces = createNonces('secret', c.now);
    const nonce = nonces.create('wp_rest', 's1');
    c.advance(SLOT - 2);
    expect(nonces.verify(nonce, 'wp_rest', 's1')).toBe(true);
    c.advance(SLOT);
    expect(nonces.verify(nonce, 'wp_rest', 's1')).toBe(true);
    c.advance(SLOT);
    expect(nonces.verify(nonce, 'wp_rest', 's1')).toBe(false);
  });

  it('are bound to the action, the session and the secret', () => {
    const now = () => 5 * SLOT;
    const nonces = createNonces('secret', now);
    const nonce = nonces.create('a', 's');
    expect(nonces.verify(nonce, 'a', 's')).toBe(true);
    expect(nonces.verify(nonce, 'b', 's')).toBe(false);
    expect(nonces.verify(nonce, 'a', 't')).toBe(false);
    expect(createNonces('other', now).verify(nonce, 'a', 's')).toBe(false);
  });

  it('can be checked by any instance that shares the secret', () => {
    const now = () => 7 * SLOT;
    expect(createNonces('shared', now).verify(createNonces('shared', now).create('a', ''), 'a', '')).toBe(true);
  });

  it('reject anything that is not a nonce without throwing', () => {
    const nonces = createNonces('secret');
    for (const bad of [undefined, null, 42, '', 'abc', 'ABCDEF0123', '0123456789a', ['0123456789']]) {
      expect(nonces.verify(bad, 'a', '')).toBe(false);
    }
  });

  it('identify the action an older nonce was made for', () => {
    const c = clock(50 * SLOT);
    const nonces = createNonces('secret', c.now);
    const nonce = nonces.create('wp_rest', '');
    c.advance(10 * SLOT);
    expect(nonces.identify(nonce, ['ct_secret_stuff', 'wp_rest'], '')).toBe('wp_rest');
    expect(nonces.identify('0000000000', ['wp_rest'], '')).toBeUndefined();
  });
});
