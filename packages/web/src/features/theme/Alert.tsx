import { useEffect, useState, type ReactNode } from 'react';

/** Theme: a closed alert slides up in this long before it leaves the page. */
export const ALERT_SLIDE_MS = 300;

/**
 * A dismissible notice (a labelled region). Its close button slides it up (its height to
 * nothing, CSS) and removes it after `ALERT_SLIDE_MS`, at once with reduced motion; focus goes to
 * the main landmark, so it is not lost with the button.
 */
export function Alert({ children, label }: { children: ReactNode; label: string }) {
  const [state, setState] = useState<'shown' | 'closing' | 'gone'>('shown');
  useEffect(() => {
    if (state !== 'closing') return;
    const timer = window.setTimeout(() => setState('gone'), ALERT_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  if (state === 'gone') return null;
  const close = () => {
    const instant = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setState(instant ? 'gone' : 'closing');
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <div className="theme-alert" role="region" aria-label={label} data-closing={state === 'closing' ? '' : undefined}>
      <div className="theme-alert__inner">
        <p className="theme-alert__text">{children}</p>
        <button type="button" className="theme-alert__close" onClick={close} aria-label={`Close: ${label}`}>
          ×
        </button>
      </div>
    </div>
  );
}
