/** Theme constants (spec, section 9): back-to-top shows past this many pixels… */
export const TO_TOP_THRESHOLD_PX = 200;
/** …and takes this long to reach the top. */
export const TO_TOP_DURATION_MS = 1200;

/** Ease in and out: slow start, slow finish, as the theme's scroll does. */
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Where the page is `elapsed` ms into a scroll from `from` to the top. */
export function scrollPosition(from: number, elapsed: number, duration = TO_TOP_DURATION_MS): number {
  if (elapsed >= duration) return 0;
  return Math.round(from * (1 - easeInOut(Math.max(0, elapsed) / duration)));
}

/**
 * Scrolls the window to the top in `TO_TOP_DURATION_MS`, or at once with reduced motion, then
 * calls `done`. A wheel or touch by the visitor stops it where it is.
 */
export function scrollToTop(done: () => void): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    done();
    return;
  }
  const from = window.scrollY;
  const start = performance.now();
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  const step = (now: number) => {
    if (stopped) return;
    const y = scrollPosition(from, now - start);
    window.scrollTo(0, y);
    if (y > 0) {
      requestAnimationFrame(step);
      return;
    }
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    done();
  };
  requestAnimationFrame(step);
}
