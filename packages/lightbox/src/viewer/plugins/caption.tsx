import { LIGHTBOX } from '@waymark/protocol';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ViewerApi } from '../api.js';

/** The caption, over the foot of the holder; shown only while it takes at most half the holder's height. */
export function Caption({ api }: { api: ViewerApi }) {
  const { item, settings, holder } = api;
  const own = useRef<HTMLParagraphElement>(null);
  const [fits, setFits] = useState(true);
  const caption = settings.lightbox_desc ? item.caption : '';
  useLayoutEffect(() => {
    if (!holder || !caption) return;
    const measure = () =>
      setFits((own.current?.offsetHeight ?? 0) <= holder.clientHeight * LIGHTBOX.captionMaxHolderShare);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(holder);
    return () => observer.disconnect();
  }, [caption, holder]);
  if (!caption) return null;
  return (
    <p className="wm-lb__caption" ref={own} data-fits={fits}>
      {caption}
    </p>
  );
}
