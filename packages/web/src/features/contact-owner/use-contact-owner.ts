import { useCallback, useState } from 'react';
import type { DirectoryItem } from '@waymark/protocol';

/** Which item's owner the e-mail popup writes to, and the control focus goes back to. */
export function useContactOwner() {
  const [target, setTarget] = useState<{ item: DirectoryItem; opener: HTMLElement | null } | null>(null);
  const open = useCallback((item: DirectoryItem) => {
    setTarget({ item, opener: document.activeElement instanceof HTMLElement ? document.activeElement : null });
  }, []);
  const close = useCallback(() => setTarget(null), []);
  return { target, open, close };
}
