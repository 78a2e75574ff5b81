import { LIGHTBOX, LIGHTBOX_TEXTS } from '@waymark/protocol';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { motionMs } from '../motion.js';
import type { AjaxRequest } from '../types.js';
import { AjaxContent, InlineContent, type Status } from '../viewer/content.js';
import { Modal } from '../viewer/Modal.js';
import './popup.css';

/** One item of the directory popup: an element of the page, an HTML answer, or an image. */
export type PopupItem =
  | { type: 'inline'; src: string; title?: string }
  | { type: 'ajax'; src: string; title?: string; request?: AjaxRequest }
  | { type: 'image'; src: string; title?: string };

export interface PopupProps {
  items: PopupItem[];
  /** The item to start on; clamped to the last. */
  index?: number;
  /** Where focus returns on close. */
  opener?: HTMLElement | null;
  /** The dialog's name when the item has no title. */
  label?: string;
  /** Called once the popup has closed (after its zoom-out, if motion is allowed). */
  onClose: () => void;
  /**
   * Called with the element holding the item's content once it is ready, so the page can wire
   * what the content holds (the directory's upvote block); what it returns runs when it goes.
   */
  onReady?: (content: HTMLElement) => void | (() => void);
}

/** Previous and next labels of the popup's gallery. */
export const POPUP_TEXTS = {
  counter: (current: number, total: number) => `${current} of ${total}`,
  previous: 'Previous (Left arrow key)',
  next: 'Next (Right arrow key)',
} as const;

const failed = (href: string, what: string) => (
  <>
    <a href={href}>{what}</a> could not be loaded.
  </>
);

function PopupContent({ item, onStatus, status }: { item: PopupItem; status: Status; onStatus: (s: Status) => void }) {
  const image = useRef<HTMLImageElement>(null);
  // A picture that loaded before React committed it (from the cache) fired its event to no one.
  useEffect(() => {
    const el = image.current;
    if (el?.complete) onStatus(el.naturalWidth > 0 ? 'ready' : 'error');
  }, [onStatus]);
  if (item.type === 'image') {
    return status === 'error' ? (
      <p className="wm-popup__error" role="alert">
        {failed(item.src, 'The image')}
      </p>
    ) : (
      <img
        ref={image}
        className="wm-popup__image"
        src={item.src}
        alt={item.title ?? ''}
        onLoad={() => onStatus('ready')}
        onError={() => onStatus('error')}
      />
    );
  }
  let error: ReactNode = null;
  if (status === 'error') {
    // Content that only a POST answers has no address to link to.
    const linkable = item.type === 'ajax' && item.request?.type !== 'POST';
    error =
      item.type === 'inline'
        ? LIGHTBOX_TEXTS.popupNotFound
        : linkable
          ? failed(item.src, 'The content')
          : LIGHTBOX_TEXTS.popupLoadFailed;
  }
  return (
    <>
      {error && (
        <p className="wm-popup__error" role="alert">
          {error}
        </p>
      )}
      {item.type === 'inline' ? (
        <InlineContent id={item.src.replace(/^#/, '')} onStatus={onStatus} />
      ) : (
        <AjaxContent url={item.src} request={item.request} onStatus={onStatus} />
      )}
    </>
  );
}

/**
 * The directory's item popup: inline or ajax content, images with a gallery counter, "Loading...",
 * "Close (Esc)" and the catalogue's errors, a 300 ms zoom, and images preloaded 0 before and 2
 * after the current one (directory spec, sections 8 and 9).
 */
export default function Popup({ items, index: start = 0, opener = null, label, onClose, onReady }: PopupProps) {
  const [index, setIndex] = useState(Math.max(0, Math.min(start, items.length - 1)));
  const [status, setStatus] = useState<Status>('loading');
  const [closing, setClosing] = useState(false);
  const titleId = useId();
  const item = items[index] as PopupItem;
  const many = items.length > 1;
  const onStatus = useCallback((s: Status) => setStatus(s), []);
  const content = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);
  useEffect(() => {
    const element = content.current;
    if (status !== 'ready' || !element) return;
    const cleanup = ready.current?.(element);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }, [status, index]);

  const close = () => setClosing(true);
  const go = (step: number) => {
    if (!many || closing) return;
    setStatus('loading');
    setIndex((i) => (i + step + items.length) % items.length);
  };

  useEffect(() => {
    if (!closing) return;
    const ms = motionMs(LIGHTBOX.popup.zoomMs);
    if (!ms) return onClose();
    const timer = setTimeout(onClose, ms);
    return () => clearTimeout(timer);
  }, [closing, onClose]);

  // Preload the images around the current one: none before, two after.
  useEffect(() => {
    const { preloadBefore, preloadAfter } = LIGHTBOX.popup;
    for (let step = -preloadBefore; step <= preloadAfter; step++) {
      const other = items[(index + step + items.length) % items.length];
      if (step !== 0 && other?.type === 'image') new Image().src = other.src;
    }
  }, [index, items]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.keyCode === LIGHTBOX.popup.escKeyCode) {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  const style = { '--wm-popup-zoom': `${motionMs(LIGHTBOX.popup.zoomMs)}ms` } as CSSProperties;
  return (
    <Modal
      opener={opener}
      className="wm-popup"
      style={style}
      data-state={closing ? 'closing' : 'open'}
      aria-labelledby={item.title ? titleId : undefined}
      aria-label={item.title ? undefined : (label ?? 'Item details')}
      aria-busy={status === 'loading'}
      onKeyDown={onKeyDown}
    >
      <div className="wm-popup__bg" onClick={close} />
      <div className="wm-popup__box" data-type={item.type} data-status={status}>
        <button type="button" className="wm-popup__close" title={LIGHTBOX_TEXTS.popupClose} onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="wm-popup__sr">{LIGHTBOX_TEXTS.popupClose}</span>
        </button>
        {item.title && (
          <h2 className="wm-popup__title" id={titleId}>
            {item.title}
          </h2>
        )}
        {status === 'loading' && (
          <p className="wm-popup__loading" role="status">
            {LIGHTBOX_TEXTS.popupLoading}
          </p>
        )}
        <div className="wm-popup__content" ref={content}>
          <PopupContent key={index} item={item} status={status} onStatus={onStatus} />
        </div>
        {many && (
          <div className="wm-popup__nav">
            <button type="button" onClick={() => go(-1)}>
              {POPUP_TEXTS.previous}
            </button>
            <span className="wm-popup__counter">{POPUP_TEXTS.counter(index + 1, items.length)}</span>
            <button type="button" onClick={() => go(1)}>
              {POPUP_TEXTS.next}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
