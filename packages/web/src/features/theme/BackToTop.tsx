import { useEffect, useRef, useState } from 'react';
import { scrollToTop, TO_TOP_THRESHOLD_PX } from './scroll-to-top.js';
import './theme.css';

/**
 * The back-to-top control (spec, "Theme"): shown once the page is scrolled past 200 px, watched
 * by an intersection observer on a marker at that depth rather than on every scroll event. It
 * scrolls to the top in 1200 ms (at once with reduced motion) and then moves focus to the top
 * of the page, so a keyboard user goes on from there. Optionally it shows only while the page
 * scrolls down (the theme's option), and it sits in the configured corner (`totop_position`). Rendered hidden, so hydrating shifts
 * nothing; without a script it never shows.
 */
export function BackToTop({
  position = 'right',
  onlyScrollingDown = false,
}: {
  position?: 'left' | 'right';
  /** Shown only while the page scrolls down (the last move was down). */
  onlyScrollingDown?: boolean;
}) {
  const marker = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  const [goingDown, setGoingDown] = useState(true);
  const shown = past && (!onlyScrollingDown || goingDown);

  useEffect(() => {
    const target = marker.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => {
      // Past the marker means it left the window over the top edge.
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  // The direction needs the scroll position itself; only listened to when the option is on.
  useEffect(() => {
    if (!onlyScrollingDown) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y !== last) setGoingDown(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [onlyScrollingDown]);

  const onClick = () =>
    scrollToTop(() => {
      const top = document.querySelector<HTMLElement>('.site-header__brand') ?? document.body;
      top.focus({ preventScroll: true });
    });

  return (
    <>
      <div ref={marker} className="to-top-marker" style={{ top: TO_TOP_THRESHOLD_PX }} aria-hidden="true" />
      <button type="button" className={`to-top to-top--${position}`} hidden={!shown} onClick={onClick}>
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
          <path d="M3 10l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Back to top
      </button>
    </>
  );
}
