import { describe, expect, it } from 'vitest';
import { easeInOut, scrollPosition, TO_TOP_DURATION_MS } from '../../../src/features/theme/scroll-to-top.js';

describe('the back-to-top scroll', () => {
  it('starts where the page is and reaches the top at 1200 ms, never before', () => {
    expect(TO_TOP_DURATION_MS).toBe(1200);
    expect(scrollPosition(3000, 0)).toBe(3000);
    expect(scrollPosition(3000, 600)).toBe(1500);
    expect(scrollPosition(3000, 1100)).toBeGreaterThan(0);
    expect(scrollPosition(3000, 1200)).toBe(0);
    expect(scrollPosition(3000, 5000)).toBe(0);
  });

  it('eases in and out, always moving up', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    let last = 3001;
    for (let t = 0; t <= 1200; t += 50) {
      const y = scrollPosition(3000, t);
      expect(y).toBeLessThanOrEqual(last);
      last = y;
    }
    // Slow at both ends: the first and the last tenth cover less than the middle tenth.
    const tenth = (a: number) => scrollPosition(3000, a) - scrollPosition(3000, a + 120);
    expect(tenth(0)).toBeLessThan(tenth(540));
    expect(tenth(1080)).toBeLessThan(tenth(540));
  });
});
