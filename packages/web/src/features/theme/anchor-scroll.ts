import { ANCHOR_FIRST_MS, ANCHOR_SECOND_MS, anchorAction, crossPageTarget } from './anchor-rules.js';
import { easeInOut } from './scroll-to-top.js';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The height the sticky header takes at the top, which the target must stop below. */
function headerRoom(): number {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--sticky-header-height')) || 0;
}

const targetY = (target: Element) => Math.max(0, target.getBoundingClientRect().top + window.scrollY - headerRoom());

function animate(to: () => number, duration: number): Promise<void> {
  return new Promise((resolve) => {
    const from = window.scrollY;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      window.scrollTo(0, from + (to() - from) * easeInOut(t));
      if (t < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/**
 * Scrolls to `target` in two phases (400 ms, then 450 ms to where it is once the sticky header
 * has stuck or shrunk), at once with reduced motion, then moves focus to it.
 */
export async function scrollToAnchor(target: HTMLElement): Promise<void> {
  if (reducedMotion()) {
    window.scrollTo(0, targetY(target));
  } else {
    await animate(() => targetY(target), ANCHOR_FIRST_MS);
    await animate(() => targetY(target), ANCHOR_SECOND_MS);
  }
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function onClick(event: MouseEvent) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
  const noScroll = link.classList.contains('no-scroll') || link.hasAttribute('data-no-scroll');
  const action = anchorAction(new URL(link.href), new URL(location.href), noScroll);
  if (action.kind === 'open') {
    event.preventDefault();
    location.assign(action.href);
  } else if (action.kind === 'scroll') {
    const target = document.getElementById(action.id);
    if (!target) return;
    event.preventDefault();
    history.pushState(history.state, '', `#${encodeURIComponent(action.id)}`);
    void scrollToAnchor(target);
  }
}

/**
 * Binds the anchor behaviour to the document (one delegated listener, after the page's own
 * handlers, which may have taken the click), and scrolls a page opened with '#_' to its target,
 * rewriting the marker to '#'. Returns the unbinding.
 */
export function installAnchors(): () => void {
  document.addEventListener('click', onClick);
  const id = crossPageTarget(location.hash);
  if (id !== null) {
    history.replaceState(history.state, '', `#${encodeURIComponent(id)}`);
    const target = document.getElementById(id);
    if (target) void scrollToAnchor(target);
  }
  return () => document.removeEventListener('click', onClick);
}
