import type { SharedState } from './shared-state.js';

/**
 * A sliding window built from the shared state's fixed-window counters, so it works the same in
 * memory and in Redis. The window is cut into `SLICES` slices; a hit counts in the counter of its
 * own slice and of the slices after it that still cover it, so the counter of the current slice
 * holds every hit of the last window (to a slice's precision) and no hit older than that.
 */

export const SLICES = 6;

export async function slidingHit(
  state: SharedState,
  key: string,
  windowSeconds: number,
  now = Date.now(),
): Promise<number> {
  const sliceMs = Math.max(1, Math.ceil((windowSeconds * 1000) / SLICES));
  const slice = Math.floor(now / sliceMs);
  // Slice s + j's counter is first hit at most a window before it ends: it lives a window and a slice.
  const ttl = Math.ceil((windowSeconds * 1000 + sliceMs) / 1000);
  const counts = await Promise.all(Array.from({ length: SLICES }, (_, j) => state.hit(`${key}:sw:${slice + j}`, ttl)));
  return counts[0] ?? 0;
}
