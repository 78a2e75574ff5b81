import { useCallback, useEffect, useRef, useState } from 'react';

export type Flyout = 'menu' | 'search';

/**
 * The flyout menu and the flyout search: at most one open (opening one closes the other).
 * Escape closes the open one and returns focus to the button that opened it. `onOpen` hears when
 * one opens, so what else may not be open with it (the mobile menu) closes.
 */
export function useFlyouts(onOpen?: () => void) {
  const [open, setOpen] = useState<Flyout | null>(null);
  const openers = useRef(new Map<Flyout, HTMLButtonElement | null>());

  const toggle = useCallback(
    (which: Flyout) => {
      if (open !== which) onOpen?.();
      setOpen(open === which ? null : which);
    },
    [open, onOpen],
  );
  const close = useCallback(() => setOpen(null), []);
  const opener = useCallback(
    (which: Flyout) => (element: HTMLButtonElement | null) => {
      openers.current.set(which, element);
    },
    [],
  );

  useEffect(() => {
    if (!open) return;
    // Captured before the page's own handlers, which stop Escape; an open combobox popup inside
    // the flyout is left to close first (APG combobox), then the next Escape closes the flyout.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const box = (event.target as Element | null)?.closest?.('[role="combobox"]');
      if (box?.getAttribute('aria-expanded') === 'true') return;
      event.preventDefault();
      openers.current.get(open)?.focus();
      setOpen(null);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  return { open, toggle, close, opener };
}

export type Flyouts = ReturnType<typeof useFlyouts>;
