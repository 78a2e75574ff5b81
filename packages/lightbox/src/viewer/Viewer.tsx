import { LIGHTBOX, type LightboxSettings } from '@waymark/protocol';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type TouchEvent,
  type WheelEvent,
} from 'react';
import { motionMs, showHideMs } from '../motion.js';
import type { LightboxItem } from '../types.js';
import type { ViewerApi, ViewerPlugin } from './api.js';
import { createWheelStepper, swipeStep, wheelDelta, type Path, type Step, type SwipeStart } from './input.js';
import { Icon } from './icons.js';
import { Modal } from './Modal.js';
import { target } from './navigation.js';
import { NavButtons } from './NavButtons.js';
import { pluginsFor } from './plugins/index.js';
import { Slide } from './Slide.js';
import './viewer.css';

export interface ViewerProps {
  items: LightboxItem[];
  index: number;
  gallery: string;
  settings: LightboxSettings;
  opener: HTMLElement | null;
  /** Set by the page when the lightbox should close; the viewer fades out, then calls onClosed. */
  closing: boolean;
  onIndex: (index: number) => void;
  onClose: () => void;
  onClosed: () => void;
}

/** Left and up go to the previous item, right and down to the next (spec, section 4). */
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const change = () => setMatches(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}

/** The core of the site lightbox: one item at a time, moves, input, and the plugins' slots. */
export default function Viewer({ items, index, settings, opener, closing, onIndex, onClose, onClosed }: ViewerProps) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  const [area, setArea] = useState({ w: 0, h: 0 });
  const [fullscreenWanted, setFullscreen] = useState(false);
  // Closing leaves fullscreen.
  const fullscreen = fullscreenWanted && !closing;
  const [direction, setDirection] = useState<Step>(0);
  const locked = useRef(false);
  const shown = useRef(index);
  const swipe = useRef<SwipeStart | null>(null);
  const wheel = useMemo(() => createWheelStepper(), []);
  const titleId = useId();
  const mobile = useMedia(`(max-width: ${LIGHTBOX.mobileBreakpointPx}px)`);
  const touch = useMemo(() => 'ontouchstart' in window, []);

  const item = items[Math.min(index, items.length - 1)] as LightboxItem;
  const path: Path = settings.lightbox_path;
  const infinite = settings.lightbox_infinite;

  const go = useCallback(
    (to: number) => {
      const next = target(to, items.length, infinite);
      if (locked.current || closing || next === null || next === index) return;
      onIndex(next);
    },
    [items.length, infinite, closing, index, onIndex],
  );

  // A move locks further moves until its transition is over; without motion there is none.
  useEffect(() => {
    if (shown.current === index) return;
    setDirection(index > shown.current ? 1 : -1);
    shown.current = index;
    const ms = motionMs(LIGHTBOX.switchMs);
    if (!ms) return;
    locked.current = true;
    const timer = setTimeout(() => (locked.current = false), ms);
    return () => {
      clearTimeout(timer);
      locked.current = false;
    };
  }, [index]);

  useEffect(() => {
    if (!closing) return;
    const ms = motionMs(showHideMs(settings.lightbox_animation_speed));
    if (!ms) return onClosed();
    const timer = setTimeout(onClosed, ms);
    return () => clearTimeout(timer);
  }, [closing, settings.lightbox_animation_speed, onClosed]);

  useEffect(() => {
    if (!holder) return;
    const observer = new ResizeObserver(() => setArea({ w: holder.clientWidth, h: holder.clientHeight }));
    observer.observe(holder);
    return () => observer.disconnect();
  }, [holder]);

  // The browser's fullscreen where it allows it; the lightbox fills the window either way.
  useEffect(() => {
    if (!root) return;
    if (fullscreen && !document.fullscreenElement) root.requestFullscreen?.().catch(() => undefined);
    if (!fullscreen && document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    const change = () => {
      if (!document.fullscreenElement) setFullscreen(false);
    };
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, [fullscreen, root]);

  const toggleFullscreen = useCallback(() => setFullscreen((on) => !on), []);
  const api: ViewerApi = {
    items,
    index,
    item,
    settings,
    path,
    canPrev: target(index - 1, items.length, infinite) !== null,
    canNext: target(index + 1, items.length, infinite) !== null,
    go,
    fullscreen,
    toggleFullscreen,
    root,
    holder,
    mobile,
    touch,
  };
  const plugins = pluginsFor({ settings, items });
  const slot = (name: ViewerPlugin['slot']) =>
    plugins.filter((p) => p.slot === name).map(({ name: key, Component }) => <Component key={key} api={api} />);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      toggleFullscreen();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (fullscreen) setFullscreen(false);
      else onClose();
    } else if (!fullscreen && !editable(event.target)) {
      const step = KEY_STEPS[event.key];
      if (step === undefined) return;
      event.preventDefault();
      go(index + step);
    }
  };

  const onWheel = (event: WheelEvent) => {
    const step = wheel(wheelDelta(event, path));
    if (step && !fullscreen && item.options.mousewheel !== false) go(index + step);
  };

  // Swipes from a mouse or pen through pointer events, from a finger through touch events.
  const moved = useRef(false);
  const begin = (x: number, y: number) => {
    moved.current = false;
    swipe.current = { x, y, at: performance.now() };
  };
  const finish = (x: number, y: number) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const end = { x, y, at: performance.now() };
    moved.current = Math.hypot(end.x - start.x, end.y - start.y) > 10;
    const step = swipeStep(start, end, path);
    if (step && !fullscreen && item.options.swipe !== false) go(index + step);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' && event.isPrimary && event.button === 0) begin(event.clientX, event.clientY);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') finish(event.clientX, event.clientY);
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (event.touches.length !== 1 || !touch) {
      swipe.current = null;
      return;
    }
    begin(touch.clientX, touch.clientY);
    // A touch's later events go to the element it began on, even once that element has left the
    // page (the loading note does when the picture arrives), and then they reach no ancestor.
    // So the end is heard there, not on the holder.
    const from = event.target;
    const heard = new AbortController();
    from.addEventListener(
      'touchend',
      (end) => {
        heard.abort();
        const lifted = (end as globalThis.TouchEvent).changedTouches[0];
        if (lifted) finish(lifted.clientX, lifted.clientY);
      },
      { signal: heard.signal },
    );
    from.addEventListener(
      'touchcancel',
      () => {
        heard.abort();
        swipe.current = null;
      },
      { signal: heard.signal },
    );
  };
  const onBackdrop = (event: MouseEvent) => {
    const bare =
      event.target === event.currentTarget || (event.target as HTMLElement).classList.contains('wm-lb__slide');
    if (bare && !moved.current && settings.lightbox_overlay_close) onClose();
  };

  const title = settings.lightbox_title ? item.title : '';
  const style = {
    '--wm-lb-opacity': settings.lightbox_opacity,
    '--wm-lb-show': `${motionMs(showHideMs(settings.lightbox_animation_speed))}ms`,
    '--wm-lb-switch': `${motionMs(LIGHTBOX.switchMs)}ms`,
  } as CSSProperties;

  return (
    <Modal
      opener={opener}
      rootRef={setRoot}
      className="wm-lb"
      style={style}
      data-skin={item.options.skin ?? settings.lightbox_skin}
      data-path={path}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-fullscreen={fullscreen}
      data-state={closing ? 'closing' : 'open'}
      data-index={index}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : `${item.index + 1} / ${items.length}`}
      onKeyDown={onKeyDown}
      onWheel={onWheel}
    >
      <div className="wm-lb__overlay" onClick={onBackdrop} />
      <div className="wm-lb__bar">
        {title ? (
          <h2 className="wm-lb__title" id={titleId}>
            {title}
          </h2>
        ) : (
          <span />
        )}
        <div className="wm-lb__tools" role="toolbar" aria-label="Lightbox">
          <NavButtons api={api} base="wm-lb__btn" />
          {slot('toolbar')}
          <button
            type="button"
            className="wm-lb__btn wm-lb__btn--close"
            onClick={onClose}
            aria-label={settings.l10n.close}
            title={settings.l10n.close}
          >
            <Icon name="close" />
          </button>
        </div>
      </div>
      <div className="wm-lb__main">
        <div
          className="wm-lb__holder"
          ref={setHolder}
          data-dir={direction}
          onClick={onBackdrop}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={(event) => event.pointerType !== 'touch' && (swipe.current = null)}
          onTouchStart={onTouchStart}
        >
          <Slide key={index} item={item} area={area} settings={settings} closing={closing} />
          {slot('holder')}
        </div>
        {slot('strip')}
      </div>
      <div className="wm-lb__footer">{slot('footer')}</div>
    </Modal>
  );
}
