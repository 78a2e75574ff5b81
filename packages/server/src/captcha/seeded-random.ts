import { createHash } from 'node:crypto';

/**
 * A random stream drawn from a seed: SHA-256 of the seed and a counter, 32 bits at a time. One
 * captcha code always gives the same picture, so fetching it again and again gives a script no
 * new noise to average away; and nobody without the server's key can know the seed.
 */
export function seededRandom(seed: string): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = createHash('sha256').update(`${seed}|${counter++}`).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset) / 2 ** 32;
    offset += 4;
    return value;
  };
}
