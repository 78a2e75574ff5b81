import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWheelStepper, swipeStep, wheelDelta } from '../../src/viewer/input.js';

describe('swipes', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, at: t });

  it('count only beyond 100 px on the main axis, under 100 px across and under 1 s', () => {
    expect(swipeStep(at(300, 300, 0), at(150, 320, 400), 'horizontal')).toBe(1);
    expect(swipeStep(at(150, 300, 0), at(300, 300, 400), 'horizontal')).toBe(-1);
    expect(swipeStep(at(300, 300, 0), at(200, 300, 400), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(150, 400, 400), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(150, 300, 1_000), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(300, 150, 400), 'vertical')).toBe(1);
    expect(swipeStep(at(300, 300, 0), at(150, 300, 400), 'vertical')).toBe(0);
  });
});

describe('the wheel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('normalises lines and pages to pixels along the path', () => {
    expect(wheelDelta({ deltaX: 0, deltaY: 3, deltaMode: 1 }, 'vertical')).toBe(48);
    expect(wheelDelta({ deltaX: 0, deltaY: -1, deltaMode: 2 }, 'vertical')).toBe(-800);
    expect(wheelDelta({ deltaX: 40, deltaY: 5, deltaMode: 0 }, 'horizontal')).toBe(40);
    expect(wheelDelta({ deltaX: 40, deltaY: 5, deltaMode: 0 }, 'vertical')).toBe(5);
  });

  it('moves once per gesture, a gesture ending 200 ms after its last event', () => {
    const step = createWheelStepper(200);
    expect(step(100)).toBe(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(150);
      expect(step(100)).toBe(0);
    }
    vi.advanceTimersByTime(199);
    expect(step(-100)).toBe(0);
    vi.advanceTimersByTime(200);
    expect(step(-100)).toBe(-1);
    vi.advanceTimersByTime(200);
    expect(step(0)).toBe(0);
  });
});
