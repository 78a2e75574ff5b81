import { useEffect, useState, type RefObject } from 'react';
import { SHRUNK_HEIGHT_PX, stickyAllowed, tallEnough, type StickyRules } from './sticky-header.js';
import { useDeviceKind } from './use-window-kind.js';

export interface StickyState {
  /** The header sticks to the top on this device (position: sticky is on). */
  enabled: boolean;
  /** The page is scrolled past the trigger: the header is stuck. */
  stuck: boolean;
  /** Stuck and shrunk to its shrunk height. */
  shrunk: boolean;
}

interface Stuck {
  stuck: boolean;
  /** The header's own height, measured as it stuck (before any shrinking). */
  fullHeight: number;
  /** Shrinking is on, the header is taller than its shrunk height and the page tall enough. */
  shrinks: boolean;
}

/**
 * The sticky header's state, from an intersection observer on a marker `trigger` px down the
 * page (no scroll handlers): past the marker it is stuck, at or above it not. The header stays in
 * the flow (position: sticky), so its room is kept and nothing under it moves; a shrunk header
 * gives back the height it lost as margin, so the page does not move then either. The height it
 * takes at the top is `--sticky-header-height` on the root, which `scroll-padding-top` uses so
 * anchors and focused elements stop below it.
 */
export function useStickyHeader(
  rules: StickyRules & { sticky_trigger: number },
  header: RefObject<HTMLElement | null>,
  marker: RefObject<HTMLElement | null>,
): StickyState {
  const device = useDeviceKind();
  const enabled = stickyAllowed(rules, device);
  const [state, setState] = useState<Stuck>({ stuck: false, fullHeight: 0, shrinks: false });

  useEffect(() => {
    const target = marker.current;
    if (!enabled || !target) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      const stuck = !entry.isIntersecting && entry.boundingClientRect.top < 0;
      setState((was) => {
        const element = header.current;
        if (!stuck || !element) return { ...was, stuck };
        // Not while it is still shrunk from the last time: that height is not its own.
        const fullHeight = element.classList.contains('site-header--shrunk') ? was.fullHeight : element.offsetHeight;
        const shrinks =
          rules.shrink &&
          fullHeight > SHRUNK_HEIGHT_PX &&
          tallEnough(document.documentElement.scrollHeight, window.innerHeight, fullHeight);
        return { stuck, fullHeight, shrinks };
      });
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, marker, header, rules.shrink]);

  const stuck = enabled && state.stuck;
  const shrunk = stuck && state.shrinks;
  useEffect(() => {
    const root = document.documentElement.style;
    const element = header.current;
    if (!enabled || !element) {
      root.removeProperty('--sticky-header-height');
      return;
    }
    const full = state.fullHeight || element.offsetHeight;
    root.setProperty('--sticky-header-height', `${shrunk ? SHRUNK_HEIGHT_PX : full}px`);
    element.style.setProperty('--header-full-height', `${full}px`);
  }, [enabled, shrunk, state.fullHeight, header]);

  return { enabled, stuck, shrunk };
}
