import { useEffect } from 'react';

/**
 * Loads and wires the item titles' tooltips (`title-tooltips.ts`) while `on`; the page that
 * turns `titleTooltips` on calls it, so the code is fetched only where the tooltips are.
 */
export function useTitleTooltips(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    let left = false;
    let unwire: (() => void) | undefined;
    void import('./title-tooltips.js').then(({ wireTitleTooltips }) => {
      if (!left) unwire = wireTitleTooltips(document);
    });
    return () => {
      left = true;
      unwire?.();
    };
  }, [on]);
}
