import { FocusScope } from '@radix-ui/react-focus-scope';
import { inertOthers } from 'aria-hidden';
import { useEffect, useState, type CSSProperties, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role'> {
  /** Where focus returns on close; without one it stays where the browser puts it. */
  opener: HTMLElement | null;
  children: ReactNode;
  style?: CSSProperties;
  rootRef?: Ref<HTMLDivElement>;
}

/**
 * The modal dialog both lightboxes share: `role="dialog"` with `aria-modal`, rendered at the end
 * of the body, every other part of the page made inert, focus moved in, kept in (Radix
 * FocusScope) and given back to the opener, and the page's scrolling locked. The lock keeps the
 * scrollbar's gutter, so nothing behind the overlay moves sideways.
 */
export function Modal({ opener, children, rootRef, ...props }: ModalProps) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);

  useEffect(() => (node ? inertOthers(node) : undefined), [node]);
  useEffect(() => {
    const root = document.documentElement;
    // Keep the scrollbar's gutter only where there was a scrollbar, so nothing moves either way.
    const classes = innerWidth > root.clientWidth ? ['wm-scroll-lock', 'wm-scroll-gutter'] : ['wm-scroll-lock'];
    root.classList.add(...classes);
    return () => root.classList.remove(...classes);
  }, []);

  return createPortal(
    <FocusScope
      loop
      trapped
      ref={setNode}
      className="wm-modal"
      onMountAutoFocus={(event) => {
        event.preventDefault();
        (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[role="dialog"]')?.focus();
      }}
      onUnmountAutoFocus={(event) => {
        event.preventDefault();
        if (opener?.isConnected) opener.focus();
      }}
    >
      <div role="dialog" aria-modal="true" tabIndex={-1} ref={rootRef} {...props}>
        {children}
      </div>
    </FocusScope>,
    document.body,
  );
}
