import { LIGHTBOX } from '@waymark/protocol';
import { useEffect, useState } from 'react';
import type { ViewerApi } from '../api.js';
import { NavButtons } from '../NavButtons.js';

/** Side arrows that hide after 3 s without mouse movement, except on touch devices. */
export function SideArrows({ api }: { api: ViewerApi }) {
  const { root, touch } = api;
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!root || touch) return;
    let timer = setTimeout(() => setHidden(true), LIGHTBOX.arrowHideMs);
    const moved = () => {
      setHidden(false);
      clearTimeout(timer);
      timer = setTimeout(() => setHidden(true), LIGHTBOX.arrowHideMs);
    };
    root.addEventListener('mousemove', moved);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('mousemove', moved);
    };
  }, [root, touch]);
  return (
    <div className="wm-lb__arrows" data-hidden={hidden}>
      <NavButtons api={api} base="wm-lb__arrow" />
    </div>
  );
}
