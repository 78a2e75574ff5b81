import * as Popover from '@radix-ui/react-popover';
import type { TheRealPerson } from '@waymark/protocol';
import { SHIELD } from '@waymark/protocol/plain';
import { useEffect, useId, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent } from 'react';
import './badge.css';

/**
 * The real-person badge (spec section 2): an icon by an author's name whose popup says the
 * author passed the spam shield as a person. It opens on hover (after the tooltip delay), on a
 * click or a tap, on a touch held for the tooltip's touch delay, and on keyboard focus; it closes
 * on a click outside, about 1 s after the pointer leaves, 3 s after a touch ends, on Esc, and when
 * focus moves away.
 *
 * Pattern: a disclosure button with a non-modal popover (WAI-ARIA APG "Disclosure" and
 * "Dialog (non-modal)"), not a tooltip. A tooltip never takes focus, so the learn-more link in
 * it could not be reached from the keyboard. The popup is therefore rendered in place, right
 * after its button (no portal), so Tab goes from the button into the popup's link; opening never
 * moves focus, and Esc from inside the popup brings focus back to the button.
 *
 * The server renders the closed badge only (the popup mounts when it opens), and every id comes
 * from `useId`, so the server's markup and the hydrated one are the same.
 */

export interface RealPersonBadgeProps {
  config: TheRealPerson;
  /** Show the learn-more link (admin screens). */
  learnMore?: boolean;
}

type Timer = ReturnType<typeof setTimeout>;

export function RealPersonBadge({ config, learnMore = false }: RealPersonBadgeProps) {
  const { phrases } = config;
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const timer = useRef<Timer | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  /** The kind of pointer that last pressed the button; '' after its click, or for the keyboard. */
  const pressedWith = useRef('');
  /** A touch held on the button opened the popup: the click that ends the touch must not close it. */
  const openedByHold = useRef(false);
  /** Focus was inside the popup when it closed: it goes back to the button. */
  const focusWasInside = useRef(false);
  /** Focus is being put back on the button by the badge itself: that is no reason to open. */
  const refocusing = useRef(false);

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const later = (ms: number, then: () => void) => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      then();
    }, ms);
  };
  const show = () => {
    cancel();
    setOpen(true);
  };
  const hide = () => {
    cancel();
    focusWasInside.current = popup.current?.contains(document.activeElement) ?? false;
    setOpen(false);
  };
  useEffect(() => cancel, []);

  // Hover is for mice and pens; a touch screen's pointerenter/leave come with every tap.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    if (open) cancel();
    else later(SHIELD.tooltip.delayMs, show);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    if (open) later(SHIELD.badgeHideDelayMs, hide);
    else cancel();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    // A finger resting on the popup keeps it open.
    if (open) return cancel();
    if (button.current?.contains(event.target as Node)) {
      openedByHold.current = false;
      later(SHIELD.tooltip.touchDelayMs, () => {
        openedByHold.current = true;
        show();
      });
    }
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    // A tap's click follows at once and decides; a long press may bring no click at all.
    if (open || openedByHold.current) later(SHIELD.badgeHideDelayTouchMs, hide);
    else cancel();
  };

  const onButtonPointerDown = (event: PointerEvent) => {
    pressedWith.current = event.pointerType;
  };
  const onButtonClick = (event: MouseEvent) => {
    // The badge decides what a click does; Radix's own toggle would not know about touch.
    event.preventDefault();
    const touch = pressedWith.current === 'touch' && event.detail !== 0;
    pressedWith.current = '';
    if (touch && openedByHold.current) {
      openedByHold.current = false;
      return later(SHIELD.badgeHideDelayTouchMs, hide);
    }
    if (open) return hide();
    show();
    if (touch) later(SHIELD.badgeHideDelayTouchMs, hide);
  };
  const onButtonFocus = () => {
    // A press focuses the button too, and its click decides; only keyboard focus opens here.
    if (pressedWith.current !== '' || refocusing.current) return;
    show();
  };

  const popupStyle = {
    zIndex: SHIELD.tooltip.zIndex,
    '--shield-trp-animation-ms': `${SHIELD.tooltip.animationMs}ms`,
  } as CSSProperties;

  return (
    <span
      className="shield-trp"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      <Popover.Root open={open} onOpenChange={(next) => (next ? show() : hide())} modal={false}>
        <Popover.Trigger asChild>
          <button
            ref={button}
            type="button"
            className="shield-trp__button"
            aria-label={phrases.trpHeading}
            onPointerDown={onButtonPointerDown}
            onClick={onButtonClick}
            onFocus={onButtonFocus}
          >
            {/* Lazy: a page of reviews has many badges, and React would otherwise add a preload hint for each. */}
            <img className="shield-trp__icon" src={config.imgPersonUrl} alt="" width={16} height={16} loading="lazy" />
          </button>
        </Popover.Trigger>
        <Popover.Content
          ref={popup}
          className="shield-trp__popup"
          style={popupStyle}
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-labelledby={headingId}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!focusWasInside.current) return;
            focusWasInside.current = false;
            refocusing.current = true;
            button.current?.focus();
            refocusing.current = false;
          }}
        >
          <span className="shield-trp__heading" id={headingId}>
            <img className="shield-trp__shield" src={config.imgShieldUrl} alt="" width={20} height={20} />
            {phrases.trpHeading}
          </span>
          <span className="shield-trp__text">{phrases.trpContent1}</span>
          <span className="shield-trp__text">{phrases.trpContent2}</span>
          {learnMore && (
            <a className="shield-trp__link" href={config.trpContentLink}>
              {phrases.trpContentLearnMore}
            </a>
          )}
        </Popover.Content>
      </Popover.Root>
    </span>
  );
}
