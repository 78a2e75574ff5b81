import { LIGHTBOX } from '@waymark/protocol';

/** The axis slides move along (`lightbox_path`). */
export type Path = 'vertical' | 'horizontal';
/** -1 previous, 1 next, 0 nothing. */
export type Step = -1 | 0 | 1;

export interface SwipeStart {
  x: number;
  y: number;
  at: number;
}

/**
 * A swipe counts only beyond 100 px on the main axis, under 100 px on the other and under 1 s
 * (spec, section 5). Towards the start of the axis (left or up) is "next", as a finger pulls the
 * next item in.
 */
export function swipeStep(start: SwipeStart, end: SwipeStart, path: Path): Step {
  const { minMainAxisPx, maxCrossAxisPx, maxDurationMs } = LIGHTBOX.swipe;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const [main, cross] = path === 'horizontal' ? [dx, dy] : [dy, dx];
  if (end.at - start.at >= maxDurationMs || Math.abs(cross) >= maxCrossAxisPx || Math.abs(main) <= minMainAxisPx)
    return 0;
  return main < 0 ? 1 : -1;
}

const LINE_PX = 16;
const PAGE_PX = 800;

/** A wheel delta in pixels along the path's axis (or the stronger axis when it is horizontal). */
export function wheelDelta(event: Pick<WheelEvent, 'deltaX' | 'deltaY' | 'deltaMode'>, path: Path): number {
  const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1;
  const useX = path === 'horizontal' && Math.abs(event.deltaX) > Math.abs(event.deltaY);
  return (useX ? event.deltaX : event.deltaY) * unit;
}

/**
 * Turns a stream of wheel events into steps: the first event of a gesture moves, and the
 * gesture ends after 200 ms without an event (spec, section 9: normalisation resets after 200 ms),
 * so one flick of a wheel or a touchpad moves one item.
 */
export function createWheelStepper(resetMs: number = LIGHTBOX.wheelResetMs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (delta: number): Step => {
    const first = timer === undefined;
    clearTimeout(timer);
    timer = setTimeout(() => (timer = undefined), resetMs);
    if (!first || delta === 0) return 0;
    return delta > 0 ? 1 : -1;
  };
}
