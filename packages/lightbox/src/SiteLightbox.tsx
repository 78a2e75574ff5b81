import { LIGHTBOX } from '@waymark/protocol';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { markLinks, openFromDeepLink, openFromLink, type Opened } from './binding.js';
import { followFragment, formatDeepLink, isOwnEntry, markEntry, parseDeepLink } from './deep-link.js';
import type { LightboxSettings } from './types.js';

/** The viewer's code arrives on the first open (DESIGN.md budget: 15 KB gzipped). */
const Viewer = lazy(() => import('./viewer/Viewer.js'));

interface OpenState extends Opened {
  opener: HTMLElement | null;
  closing: boolean;
}

/**
 * The site lightbox's page code: binds the links of the whole document (those added later too),
 * follows the deep-link fragment and holds the open state. The viewer itself loads on first open.
 */
export function SiteLightbox({ settings }: { settings: LightboxSettings }) {
  const [open, setOpen] = useState<OpenState | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const enabled = settings.status_lightbox;
  const deep = enabled && settings.lightbox_deeplinking;

  const requestClose = useCallback(() => {
    const current = openRef.current;
    if (!current || current.closing) return;
    setOpen({ ...current, closing: true });
    // Closing clears the fragment: by going back when the entry is the one opening added (so
    // the lightbox keeps to one history entry), else by replacing the entry.
    if (deep && current.gallery && parseDeepLink(location.hash)) {
      if (isOwnEntry(history.state)) history.back();
      else history.replaceState(history.state, '', location.pathname + location.search);
    }
  }, [deep]);

  const move = useCallback(
    (index: number) => {
      const current = openRef.current;
      if (!current || current.closing) return;
      setOpen({ ...current, index });
      if (deep && current.gallery)
        history.replaceState(history.state, '', formatDeepLink({ gallery: current.gallery, index }));
    },
    [deep],
  );

  // Binding: mark the links now and whenever content is added; clicks are delegated.
  useEffect(() => {
    if (!enabled) return;
    const mark = () => markLinks(document, settings.lightbox_post_images);
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });

    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const opened = link ? openFromLink(link) : null;
      if (!link || !opened) return;
      event.preventDefault();
      setOpen({ ...opened, opener: link as HTMLElement, closing: false });
      if (deep && opened.gallery) {
        const hash = formatDeepLink(opened);
        if (openRef.current && !openRef.current.closing) history.replaceState(history.state, '', hash);
        else history.pushState(markEntry(history.state), '', hash);
      }
    };
    document.addEventListener('click', onClick);
    return () => {
      observer.disconnect();
      document.removeEventListener('click', onClick);
    };
  }, [enabled, deep, settings.lightbox_post_images]);

  // Deep links: the fragment opens, moves or closes (after the spec's hash-change delay).
  useEffect(() => {
    if (!deep) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const link = parseDeepLink(location.hash);
      const opened = link && openFromDeepLink(link.gallery, link.index);
      const current = openRef.current;
      const shown = current && !current.closing && current.gallery ? current : null;
      const next = followFragment(link, opened?.items.length ?? 0, shown);
      if (next.to === 'close' && shown) {
        // Closing clears the fragment (one that is no deep link is not the lightbox's to clear).
        setOpen({ ...shown, closing: true });
        if (link) history.replaceState(history.state, '', location.pathname + location.search);
      } else if (next.to === 'move' && shown) setOpen({ ...shown, index: next.index });
      else if (next.to === 'open' && opened) {
        // The start index is clamped to the last item, and the fragment says where it opened.
        if (link.index !== opened.index) history.replaceState(history.state, '', formatDeepLink(opened));
        setOpen({ ...opened, opener: null, closing: false });
      }
    };
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(follow, LIGHTBOX.hashChangeDelayMs);
    };
    follow();
    window.addEventListener('hashchange', onChange);
    window.addEventListener('popstate', onChange);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('hashchange', onChange);
      window.removeEventListener('popstate', onChange);
    };
  }, [deep]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Viewer
        items={open.items}
        index={open.index}
        gallery={open.gallery}
        settings={settings}
        opener={open.opener}
        closing={open.closing}
        onIndex={move}
        onClose={requestClose}
        onClosed={() => setOpen(null)}
      />
    </Suspense>
  );
}
