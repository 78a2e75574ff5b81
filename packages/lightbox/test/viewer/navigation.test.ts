import { describe, expect, it } from 'vitest';
import { loops, slideshowNext, target } from '../../src/viewer/navigation.js';

describe('moving', () => {
  it('disables previous at the first and next at the last item without looping', () => {
    expect(target(-1, 5, false)).toBeNull();
    expect(target(5, 5, false)).toBeNull();
    expect(target(4, 5, false)).toBe(4);
  });

  it('loops only with infinite looping and 3 or more items', () => {
    expect(loops(3, true)).toBe(true);
    expect(loops(2, true)).toBe(false);
    expect(loops(5, false)).toBe(false);
    expect(target(-1, 3, true)).toBe(2);
    expect(target(3, 3, true)).toBe(0);
    expect(target(2, 2, true)).toBeNull();
  });

  it('lets the slideshow wrap from the last item to the first', () => {
    expect(slideshowNext(4, 5)).toBe(0);
    expect(slideshowNext(1, 5)).toBe(2);
  });
});
