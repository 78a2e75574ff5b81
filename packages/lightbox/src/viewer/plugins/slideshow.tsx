import { useEffect, useState } from 'react';
import type { ViewerApi } from '../api.js';
import { Icon } from '../icons.js';
import { slideshowNext } from '../navigation.js';

/** Plays through the gallery: advances after the pause time, wraps, restarts its count on any move. */
export function Slideshow({ api }: { api: ViewerApi }) {
  const { settings, index, items, go, holder } = api;
  const [playing, setPlaying] = useState(settings.lightbox_autoplay);
  const [hovered, setHovered] = useState(false);
  const pauseOnHover = settings.lightbox_pause_on_hover;

  useEffect(() => {
    if (!pauseOnHover || !holder) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    holder.addEventListener('pointerenter', enter);
    holder.addEventListener('pointerleave', leave);
    return () => {
      holder.removeEventListener('pointerenter', enter);
      holder.removeEventListener('pointerleave', leave);
    };
  }, [holder, pauseOnHover]);

  useEffect(() => {
    if (!playing || (pauseOnHover && hovered)) return;
    const timer = setTimeout(() => go(slideshowNext(index, items.length)), settings.lightbox_slideshow_speed);
    return () => clearTimeout(timer);
  }, [playing, hovered, pauseOnHover, index, items.length, go, settings.lightbox_slideshow_speed]);

  return (
    <button
      type="button"
      className="wm-lb__btn wm-lb__btn--play"
      aria-pressed={playing}
      data-state={playing ? (pauseOnHover && hovered ? 'held' : 'playing') : 'paused'}
      onClick={() => setPlaying(!playing)}
      aria-label={settings.l10n.slideShow}
      title={settings.l10n.slideShow}
    >
      <Icon name={playing ? 'pause' : 'play'} />
    </button>
  );
}
