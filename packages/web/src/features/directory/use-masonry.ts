import { useEffect, type RefObject } from 'react';
import type { FilterStore } from './filter-store.js';
import { createLayoutSchedule, masonryLayout } from './masonry.js';
import type { ItemWindow, ViewportStore } from './viewport-store.js';

/** Narrowest column of list cards, in CSS pixels. */
export const MIN_COLUMN_WIDTH = 300;
/** Items are rendered this far (in screen heights) above and below the screen. */
const MARGIN_SCREENS = 0.25;
/** A card's title and padding above its first item. */
const CARD_HEADER = 60;

interface Placed {
  list: number;
  y: number;
  height: number;
}

/**
 * Lays the holder's list cards out as a masonry (see `masonryLayout`) whenever a card changes
 * size, and again on the specification's schedule. Until the first layout the stylesheet's grid
 * columns stand in, and where there is room for one column only they stay: one column of
 * cards one gutter apart is what the masonry would draw, and moving every card out of the flow
 * would cost the browser a layout of the whole list for nothing. When the directory is windowed
 * it also tells the viewport store which cards are within a screen of the visible area.
 */
export function useMasonry(holder: RefObject<HTMLElement | null>, filters: FilterStore, viewport: ViewportStore) {
  useEffect(
    () => (holder.current ? startMasonry(holder.current, filters, viewport) : undefined),
    [holder, filters, viewport],
  );
}

/** Starts laying out `element`'s cards; answers the function that stops it. */
export function startMasonry(element: HTMLElement, filters: FilterStore, viewport: ViewportStore): () => void {
  let placed: Placed[] = [];
  let itemHeight = viewport.itemHeight();
  let layouts = 0;

  /** The shown cards: a list with no visible item is hidden and takes no place. */
  const cards = () =>
    Array.from(element.children).filter(
      (child): child is HTMLElement =>
        child instanceof HTMLElement && child.classList.contains('dir-list') && !child.hidden,
    );
  const allCards = () =>
    Array.from(element.children).filter((child): child is HTMLElement => child instanceof HTMLElement);

  const updateNear = (top = element.getBoundingClientRect().top) => {
    if (!viewport.windowed) return;
    const screen = window.innerHeight;
    const windows = new Map<number, ItemWindow>();
    for (const card of placed) {
      // The part of the screen (with its margins) this card covers, from the card's first item.
      const from = -MARGIN_SCREENS * screen - (top + card.y) - CARD_HEADER;
      const to = (1 + MARGIN_SCREENS) * screen - (top + card.y) - CARD_HEADER;
      if (to < -CARD_HEADER || from > card.height) continue;
      windows.set(card.list, [Math.max(0, Math.floor(from / itemHeight)), Math.max(1, Math.ceil(to / itemHeight))]);
    }
    viewport.update(windows, itemHeight);
  };

  const transforms = new WeakMap<HTMLElement, string>();
  let columnWidth = -1;
  let holderHeight = '';

  // Every read before any write, so the browser lays the page out once per pass.
  const layout = () => {
    const all = cards();
    const width = element.clientWidth;
    const columns = masonryLayout(width, [], MIN_COLUMN_WIDTH);
    const stacked = columns.columns === 1;
    if (columns.columnWidth !== columnWidth) {
      columnWidth = columns.columnWidth;
      if (stacked) {
        element.style.removeProperty('--dir-column-width');
        element.dataset.masonry = 'stacked';
      } else {
        element.style.setProperty('--dir-column-width', `${columnWidth}px`);
        element.dataset.masonry = 'on';
      }
    }
    const heights = all.map((card) => card.offsetHeight);
    let itemsHeight = 0;
    let itemCount = 0;
    if (viewport.windowed) {
      for (const card of all) {
        const items = card.querySelector<HTMLElement>('.dir-list__items');
        const count = items?.childElementCount ?? 0;
        if (items && count > 0) {
          itemsHeight += items.offsetHeight;
          itemCount += count;
        }
      }
    }
    const top = element.getBoundingClientRect().top;

    const result = masonryLayout(width, heights, MIN_COLUMN_WIDTH);
    placed = all.map((card, i) => {
      const { x, y } = result.positions[i] ?? { x: 0, y: 0 };
      const transform = stacked ? '' : `translate(${x}px, ${y}px)`;
      if ((transforms.get(card) ?? '') !== transform) {
        card.style.transform = transform;
        transforms.set(card, transform);
      }
      return { list: Number(card.dataset.list), y, height: heights[i] ?? 0 };
    });
    if (itemCount > 0) itemHeight = itemsHeight / itemCount;
    const height = stacked ? '' : `${result.height}px`;
    if (height !== holderHeight) element.style.height = holderHeight = height;
    layouts += 1;
    element.dataset.layouts = String(layouts);
    updateNear(top);
  };

  const resizes = new ResizeObserver(layout);
  const watch = () => {
    // Hidden cards too: one that shows again changes size, and that calls for a layout.
    for (const card of allCards()) resizes.observe(card);
  };
  // Cards come and go as lists gain or lose visible items.
  const requestLayout = oncePerFrame(layout);
  const additions = new MutationObserver(() => {
    watch();
    requestLayout();
  });
  additions.observe(element, { childList: true });
  watch();

  // The scheduled passes also bring the cards far from the screen up to date.
  let scheduled = 0;
  const schedule = createLayoutSchedule(() => {
    scheduled += 1;
    // Counted where tests and tools can see the schedule at work.
    element.dataset.scheduledLayouts = String(scheduled);
    filters.settle();
    requestLayout();
  });
  layout();
  schedule.afterLoad();

  let filter = filters.filter();
  const stopFilters = filters.subscribe(() => {
    if (filters.filter() === filter) return;
    filter = filters.filter();
    schedule.afterFilter();
  });

  const onScroll = oncePerFrame(() => updateNear());
  const onResize = () => schedule.afterResize();
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);

  return () => {
    resizes.disconnect();
    additions.disconnect();
    schedule.dispose();
    stopFilters();
    requestLayout.cancel();
    onScroll.cancel();
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
  };
}

/** `run` at the next animation frame, however often it is asked for before then. */
function oncePerFrame(run: () => void) {
  let frame = 0;
  const request = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      run();
    });
  };
  request.cancel = () => cancelAnimationFrame(frame);
  return request;
}
