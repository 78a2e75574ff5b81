import { describe, expect, it } from 'vitest';
import { followFragment, formatDeepLink, isOwnEntry, markEntry, parseDeepLink } from '../src/deep-link.js';

describe('deep links', () => {
  it('reads and writes #<gallery>/<zero-based index>', () => {
    expect(parseDeepLink('#photos/2')).toEqual({ gallery: 'photos', index: 2 });
    expect(parseDeepLink('#my%20pics/0')).toEqual({ gallery: 'my pics', index: 0 });
    expect(formatDeepLink({ gallery: 'my pics', index: 3 })).toBe('#my%20pics/3');
    for (const bad of ['', '#', '#photos', '#photos/', '#photos/-1', '#photos/x', '#/2', '#main', '#%E0%A4%A/1']) {
      expect(parseDeepLink(bad)).toBeNull();
    }
  });
});

describe('following the fragment', () => {
  const at = (gallery: string, index: number) => ({ gallery, index });

  it('opens a closed lightbox on the item the fragment names', () => {
    expect(followFragment(at('photos', 2), 5, null)).toEqual({ to: 'open', gallery: 'photos', index: 2 });
  });

  it('clamps the start index to the last item (#photos/99 opens on the last of 5)', () => {
    expect(followFragment(at('photos', 99), 5, null)).toEqual({ to: 'open', gallery: 'photos', index: 4 });
    expect(followFragment(at('photos', 5), 5, null)).toEqual({ to: 'open', gallery: 'photos', index: 4 });
    // Another gallery is a new start, clamped the same way.
    expect(followFragment(at('media', 99), 7, at('photos', 1))).toEqual({ to: 'open', gallery: 'media', index: 6 });
  });

  it('moves the open lightbox to another item of its gallery, and stays for the one it shows', () => {
    expect(followFragment(at('photos', 4), 5, at('photos', 2))).toEqual({ to: 'move', index: 4 });
    expect(followFragment(at('photos', 2), 5, at('photos', 2))).toEqual({ to: 'stay' });
  });

  it('closes the open lightbox on an index past the end: only the start index is clamped', () => {
    expect(followFragment(at('photos', 99), 5, at('photos', 2))).toEqual({ to: 'close' });
    expect(followFragment(at('photos', 5), 5, at('photos', 4))).toEqual({ to: 'close' });
  });

  it('closes on an empty or invalid fragment, or a gallery the page lacks; a closed lightbox stays closed', () => {
    for (const link of [null, at('nope', 1)]) {
      expect(followFragment(link, 0, at('photos', 2))).toEqual({ to: 'close' });
      expect(followFragment(link, 0, null)).toEqual({ to: 'stay' });
    }
  });
});

describe('the history entry the lightbox adds', () => {
  it("is marked as this document's own, keeping the state it had", () => {
    const state = markEntry({ idx: 3 });
    expect(state).toMatchObject({ idx: 3 });
    expect(isOwnEntry(state)).toBe(true);
    expect(isOwnEntry(markEntry(null))).toBe(true);
    expect(isOwnEntry(markEntry('text'))).toBe(true);
  });

  it('tells apart an entry typed by hand and one an earlier document (before a reload) added', () => {
    expect(isOwnEntry(null)).toBe(false);
    expect(isOwnEntry({ idx: 3 })).toBe(false);
    expect(isOwnEntry({ ...markEntry(null), wmLightbox: performance.timeOrigin - 1 })).toBe(false);
  });
});
