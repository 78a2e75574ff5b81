import { LIGHTBOX } from '@waymark/protocol';

/** Looping applies only with infinite looping on and 3 or more items (spec, section 4). */
export const loops = (count: number, infinite: boolean) => infinite && count >= LIGHTBOX.infiniteLoopMinItems;

/** The index a move to `to` lands on, or null where there is nothing to move to. */
export function target(to: number, count: number, infinite: boolean): number | null {
  if (count < 1) return null;
  if (loops(count, infinite)) return ((to % count) + count) % count;
  return to < 0 || to >= count ? null : to;
}

/** The slideshow wraps from the last item to the first whatever the looping setting. */
export const slideshowNext = (index: number, count: number) => (index + 1) % count;
