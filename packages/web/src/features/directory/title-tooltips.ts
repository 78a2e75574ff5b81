import { SHIELD } from '@waymark/protocol';

/**
 * The behaviour of the item titles' subtitle tooltips (embed field `tooltip`), after the WAI-ARIA
 * APG "Tooltip" pattern: `DirectoryItemCard` renders each tooltip (role="tooltip", referenced by
 * `aria-describedby` on the title's link or focusable text) hidden; this opens it
 *
 * - on hover, after the tooltip delay; it stays while the pointer is over the title or over the
 *   tooltip itself, which opens right under the title (WCAG 1.4.13, hoverable);
 * - on keyboard focus, at once; it stays until the focus leaves (persistent);
 * - on touch, after a press of the touch delay; it hides the hold time after the finger lifts;
 *
 * and closes it on Escape until the pointer leaves or the focus comes back (dismissible). One
 * listener of each kind on the document serves every item, so the list windows may mount and
 * unmount item cards freely; a garbage check lets go of a tooltip whose anchor left the document.
 * Loaded only on pages that turn the tooltips on, so the home page carries none of this.
 */

const TIMES = SHIELD.tooltip;

interface Pair {
  /** The item's title heading: with the tooltip, the area the pointer may rest on. */
  title: HTMLElement;
  /** The title's focusable element, described by the tooltip. */
  anchor: HTMLElement;
  tip: HTMLElement;
}

interface Open extends Pair {
  hover: boolean;
  focus: boolean;
}

/** The title and tooltip an event's target belongs to, if it is on either of them. */
function pairOf(target: EventTarget | null): Pair | null {
  if (!(target instanceof Element)) return null;
  const article = target.closest('.dir-item__title, .dir-item__tooltip')?.parentElement;
  const title = article?.querySelector<HTMLElement>(':scope > .dir-item__title');
  const anchor = title?.querySelector<HTMLElement>('[aria-describedby]');
  const tip = anchor?.ownerDocument.getElementById(anchor.getAttribute('aria-describedby') ?? '');
  return title && anchor && tip?.getAttribute('role') === 'tooltip' ? { title, anchor, tip } : null;
}

/** Wires every item title's tooltip in `doc`; answers how to take the wiring down again. */
export function wireTitleTooltips(doc: Document): () => void {
  let open: Open | null = null;
  /** The show or hide that waits for its delay, and the tooltip it is for. */
  let pending: { tip: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Closed by Escape: hovering on inside the title does not bring it back. */
  let dismissed: HTMLElement | null = null;
  /** A pointer was pressed since the last key: the focus that follows a press is no keyboard focus. */
  let pressed = false;

  const cancel = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
  const later = (tip: HTMLElement, ms: number, then: () => void) => {
    cancel();
    pending = {
      tip,
      timer: setTimeout(() => {
        pending = null;
        then();
      }, ms),
    };
  };
  const close = () => {
    cancel();
    open?.tip.removeAttribute('data-open');
    open = null;
  };
  /** Closes the tooltip once neither the pointer nor the focus holds it. */
  const release = () => {
    if (open && !open.hover && !open.focus) close();
  };
  const show = (pair: Pair, by: 'hover' | 'focus' | 'touch') => {
    cancel();
    if (!pair.anchor.isConnected) return;
    if (open && open.tip !== pair.tip) close();
    if (!open) {
      open = { ...pair, hover: false, focus: false };
      const { tip, title } = pair;
      tip.style.zIndex = String(TIMES.zIndex);
      tip.style.setProperty('--dir-tooltip-fade', `${TIMES.animationMs}ms`);
      tip.setAttribute('data-open', '');
      // Right under the title, in the item's own box (directory.css positions the item for it).
      const box = tip.offsetParent;
      const top = box ? title.getBoundingClientRect().bottom - box.getBoundingClientRect().top - box.clientTop : 0;
      tip.style.top = `${top}px`;
    }
    if (by === 'hover') open.hover = true;
    if (by === 'focus') open.focus = true;
  };

  const onPointerOver = (event: PointerEvent) => {
    // A touch screen sends pointerover with every tap; touch has its own press rule below.
    if (event.pointerType === 'touch') return;
    const pair = pairOf(event.target);
    if (!pair || pair.tip === dismissed) return;
    if (open?.tip === pair.tip) open.hover = true;
    else if (pending?.tip !== pair.tip) later(pair.tip, TIMES.delayMs, () => show(pair, 'hover'));
  };
  const onPointerOut = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    const from = pairOf(event.target);
    // Moving within the title, or between the title and its tooltip, is staying.
    if (!from || pairOf(event.relatedTarget)?.tip === from.tip) return;
    if (dismissed === from.tip) dismissed = null;
    if (pending?.tip === from.tip) cancel();
    if (open?.tip === from.tip) {
      open.hover = false;
      release();
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    const pair = pairOf(event.target);
    if (!pair || pair.anchor !== event.target || pressed) return;
    dismissed = null;
    show(pair, 'focus');
  };
  const onFocusOut = (event: FocusEvent) => {
    if (open?.anchor !== event.target) return;
    open.focus = false;
    release();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    pressed = false;
    if (event.key !== 'Escape' || !open) return;
    dismissed = open.tip;
    close();
  };
  const onPointerDown = (event: PointerEvent) => {
    pressed = true;
    if (event.pointerType !== 'touch') return;
    const pair = pairOf(event.target);
    if (!pair) return;
    // A finger resting on the open tooltip or its title keeps it.
    if (open?.tip === pair.tip) cancel();
    else later(pair.tip, TIMES.touchDelayMs, () => show(pair, 'touch'));
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    // A tap shorter than the press delay opens nothing (its click follows the link).
    if (open && !open.focus) later(open.tip, TIMES.touchHoldMs, close);
    else if (!open) cancel();
  };

  // The garbage check: a list window or a filter may unmount an item card, or React replace a
  // title, while its tooltip is open or about to open; the tooltip and its timer go with it.
  const sweeper = setInterval(() => {
    if (open && !open.anchor.isConnected) close();
    if (pending && !pending.tip.isConnected) cancel();
  }, TIMES.garbageCheckMs);

  const offs: (() => void)[] = [];
  const on = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void) => {
    doc.addEventListener(type, listener, { passive: true });
    offs.push(() => doc.removeEventListener(type, listener));
  };
  on('pointerover', onPointerOver);
  on('pointerout', onPointerOut);
  on('pointerdown', onPointerDown);
  on('pointerup', onPointerUp);
  on('pointercancel', onPointerUp);
  on('focusin', onFocusIn);
  on('focusout', onFocusOut);
  on('keydown', onKeyDown);
  return () => {
    for (const off of offs) off();
    clearInterval(sweeper);
    close();
  };
}
