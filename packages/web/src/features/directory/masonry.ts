import { DIRECTORY } from '@waymark/protocol';

export interface MasonryLayout {
  columns: number;
  columnWidth: number;
  /** Per card, in the order given: its offset in the holder. */
  positions: Array<{ x: number; y: number }>;
  height: number;
}

/**
 * Masonry: cards of one width, each placed at the top of the shortest column, left to right,
 * with the grid's gutter between columns and between cards, so no gap opens.
 */
export function masonryLayout(
  width: number,
  heights: readonly number[],
  minColumnWidth: number,
  gutter: number = DIRECTORY.gridGutter,
): MasonryLayout {
  const columns = Math.max(1, Math.floor((width + gutter) / (minColumnWidth + gutter)));
  const columnWidth = (width - (columns - 1) * gutter) / columns;
  const tops = new Array<number>(columns).fill(0);
  const positions = heights.map((height) => {
    let column = 0;
    for (let c = 1; c < columns; c += 1) if ((tops[c] as number) < (tops[column] as number)) column = c;
    const y = tops[column] as number;
    tops[column] = y + height + gutter;
    return { x: column * (columnWidth + gutter), y };
  });
  const height = Math.max(0, ...tops.map((t) => t - gutter));
  return { columns, columnWidth, positions, height };
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * When the grid is laid out again besides whenever a card changes size (directory
 * specification, section 9): 500 ms and 1000 ms after filtering, 3000 ms after load, and
 * 500 ms after the window stops resizing for 250 ms.
 */
export function createLayoutSchedule(layout: () => void, timers: Timers = globalThis as unknown as Timers) {
  const pending = new Set<unknown>();
  let resizeDebounce: unknown = null;
  const later = (ms: number) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      layout();
    }, ms);
    pending.add(handle);
  };
  return {
    afterLoad: () => later(DIRECTORY.layoutAfterLoadMs),
    afterFilter: () => {
      for (const ms of DIRECTORY.postFilterLayoutDelaysMs) later(ms);
    },
    afterResize: () => {
      if (resizeDebounce !== null) timers.clearTimeout(resizeDebounce);
      resizeDebounce = timers.setTimeout(() => {
        resizeDebounce = null;
        later(DIRECTORY.layoutAfterResizeMs);
      }, DIRECTORY.resizeDebounceMs);
    },
    dispose: () => {
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
      if (resizeDebounce !== null) timers.clearTimeout(resizeDebounce);
    },
  };
}
