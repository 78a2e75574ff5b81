import { lazy, Suspense } from 'react';
import type { PopupProps } from './popup/Popup.js';

const Popup = lazy(() => import('./popup/Popup.js'));

export type { PopupItem, PopupProps } from './popup/Popup.js';

/**
 * The directory's item popup, loaded on its first open. Render it while open; it calls
 * `onClose` after its own zoom-out, and the page then stops rendering it.
 */
export function DirectoryPopup({ open, ...props }: PopupProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
