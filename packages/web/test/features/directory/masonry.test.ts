import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLayoutSchedule, masonryLayout } from '../../../src/features/directory/masonry.js';

describe('masonry layout', () => {
  it('puts each card at the top of the shortest column with a 10 px gutter and no gap', () => {
    const layout = masonryLayout(920, [100, 50, 80, 30, 40], 300);
    expect(layout.columns).toBe(3);
    expect(layout.columnWidth).toBe(300);
    expect(layout.positions).toEqual([
      { x: 0, y: 0 },
      { x: 310, y: 0 },
      { x: 620, y: 0 },
      { x: 310, y: 60 }, // the second column ends at 50 + 10
      { x: 620, y: 90 }, // now the third is the shortest: 80 + 10
    ]);
    expect(layout.height).toBe(130);
  });

  it('falls back to one full-width column on a narrow screen', () => {
    const layout = masonryLayout(280, [10, 20], 300);
    expect(layout.columns).toBe(1);
    expect(layout.columnWidth).toBe(280);
    expect(layout.positions).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 20 },
    ]);
  });
});

describe('layout schedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lays out 500 ms and 1000 ms after filtering', () => {
    const layout = vi.fn();
    const schedule = createLayoutSchedule(layout);
    schedule.afterFilter();
    vi.advanceTimersByTime(499);
    expect(layout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(layout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(layout).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(layout).toHaveBeenCalledTimes(2);
  });

  it('lays out 3000 ms after load', () => {
    const layout = vi.fn();
    createLayoutSchedule(layout).afterLoad();
    vi.advanceTimersByTime(2_999);
    expect(layout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(layout).toHaveBeenCalledTimes(1);
  });

  it('lays out 500 ms after the window has stopped resizing for 250 ms', () => {
    const layout = vi.fn();
    const schedule = createLayoutSchedule(layout);
    schedule.afterResize();
    vi.advanceTimersByTime(200);
    schedule.afterResize(); // still resizing: the debounce starts again
    vi.advanceTimersByTime(249);
    schedule.afterResize();
    vi.advanceTimersByTime(250 + 499);
    expect(layout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(layout).toHaveBeenCalledTimes(1);
  });

  it('cancels what is pending when disposed', () => {
    const layout = vi.fn();
    const schedule = createLayoutSchedule(layout);
    schedule.afterLoad();
    schedule.afterFilter();
    schedule.afterResize();
    schedule.dispose();
    vi.advanceTimersByTime(10_000);
    expect(layout).not.toHaveBeenCalled();
  });
});
