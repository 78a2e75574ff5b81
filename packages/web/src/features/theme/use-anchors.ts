import { useEffect } from 'react';
import { installAnchors } from './anchor-scroll.js';

/** The theme's anchor scrolling, for as long as the page is shown. */
export function useAnchors(): void {
  useEffect(() => installAnchors(), []);
}
