/**
 * Near copies of a text, whoever sent them: a MinHash signature over the text's three-word
 * shingles, so two texts that share most of their wording share most of the signature's values
 * (the share estimates their Jaccard similarity), however the words around them were changed.
 * A signature is 32 numbers; texts under fifteen words have none: "Are you open on Sunday?" and
 * "Great place!" repeat honestly, a spam template is longer.
 */

export const SIGNATURE_SIZE = 32;
const SHINGLE_WORDS = 3;
const MIN_WORDS = 15;

/** FNV-1a, 32 bits: a shingle's one hash, from which the signature's are derived. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit mix (murmur3's finaliser) of a hash and a seed: one of the signature's permutations. */
function mix(hash: number, seed: number): number {
  let h = (hash ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The signature as 32 hex numbers of 8 digits, or null for a text too short to compare. */
export function signatureOf(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < MIN_WORDS) return null;
  const minima = new Array<number>(SIGNATURE_SIZE).fill(0xffffffff);
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i += 1) {
    const shingle = fnv1a(words.slice(i, i + SHINGLE_WORDS).join(' '));
    for (let k = 0; k < SIGNATURE_SIZE; k += 1) minima[k] = Math.min(minima[k] ?? 0, mix(shingle, k + 1));
  }
  return minima.map((value) => value.toString(16).padStart(8, '0')).join('');
}

/** The share of equal values of two signatures: an estimate of the texts' Jaccard similarity. */
export function similarity(a: string, b: string): number {
  if (a.length !== b.length) return 0;
  let same = 0;
  for (let k = 0; k < a.length; k += 8) if (a.slice(k, k + 8) === b.slice(k, k + 8)) same += 1;
  return same / (a.length / 8);
}
