// @vitest-environment happy-dom
import { SHIELD } from '@waymark/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireTitleTooltips } from '../../../src/features/directory/title-tooltips.js';

/** The item card's markup with a tooltip, as `DirectoryItemCard` renders it. */
function itemCard(id: number): { anchor: HTMLElement; tip: HTMLElement; title: HTMLElement } {
  const li = document.createElement('li');
  li.className = 'dir-item';
  li.innerHTML =
    `<article><h4 class="dir-item__title"><a href="#" aria-describedby="item-${id}-tip">Title ${id}</a>` +
    `<span class="dir-item__badge">Featured</span></h4>` +
    `<span role="tooltip" id="item-${id}-tip" class="dir-item__tooltip">Subtitle ${id}</span>` +
    `<dl class="dir-item__facts"><dt>Phone</dt></dl></article>`;
  document.body.append(li);
  const get = (selector: string) => li.querySelector<HTMLElement>(selector) as HTMLElement;
  return { anchor: get('a'), tip: get('[role="tooltip"]'), title: get('h4') };
}

const isOpen = (tip: HTMLElement) => tip.hasAttribute('data-open');
const pointer = (type: string, target: Element, pointerType = 'mouse', relatedTarget: Element | null = null) =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType, relatedTarget }));
const key = (name: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: name }));
const focus = (type: 'focusin' | 'focusout', target: Element) =>
  target.dispatchEvent(new FocusEvent(type, { bubbles: true }));

describe('the item titles’ tooltips', () => {
  let unwire: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    unwire = wireTitleTooltips(document);
  });
  afterEach(() => {
    unwire();
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('opens on hover after the tooltip delay, above everything, fading in; stays on the tooltip; closes on leaving', () => {
    const { anchor, tip, title } = itemCard(1);
    const outside = document.querySelector('.dir-item__facts') as Element;
    pointer('pointerover', anchor);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs - 1);
    expect(isOpen(tip)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isOpen(tip)).toBe(true);
    expect(tip.style.zIndex).toBe(String(SHIELD.tooltip.zIndex));
    expect(tip.style.getPropertyValue('--dir-tooltip-fade')).toBe(`${SHIELD.tooltip.animationMs}ms`);
    // Within the title, and from the title onto the tooltip, the pointer stays.
    pointer('pointerout', anchor, 'mouse', title.querySelector('.dir-item__badge'));
    pointer('pointerout', title, 'mouse', tip);
    pointer('pointerover', tip);
    vi.advanceTimersByTime(SHIELD.tooltip.garbageCheckMs);
    expect(isOpen(tip)).toBe(true);
    pointer('pointerout', tip, 'mouse', outside);
    expect(isOpen(tip)).toBe(false);
  });

  it('a pointer that leaves before the delay opens nothing', () => {
    const { anchor, tip } = itemCard(1);
    pointer('pointerover', anchor);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs - 1);
    pointer('pointerout', anchor, 'mouse', document.body);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs);
    expect(isOpen(tip)).toBe(false);
  });

  it('opens on keyboard focus at once; Escape closes it while the pointer stays; blur closes it', () => {
    const { anchor, tip } = itemCard(1);
    key('Tab');
    focus('focusin', anchor);
    expect(isOpen(tip)).toBe(true);
    key('Escape');
    expect(isOpen(tip)).toBe(false);
    // Dismissed: hovering on within the title does not bring it back.
    pointer('pointerover', anchor);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs);
    expect(isOpen(tip)).toBe(false);
    focus('focusout', anchor);
    key('Tab');
    focus('focusin', anchor);
    expect(isOpen(tip)).toBe(true);
    focus('focusout', anchor);
    expect(isOpen(tip)).toBe(false);
  });

  it('the focus a pointer press gives is no keyboard focus', () => {
    const { anchor, tip } = itemCard(1);
    pointer('pointerdown', anchor);
    focus('focusin', anchor);
    expect(isOpen(tip)).toBe(false);
  });

  it('one tooltip at a time', () => {
    const first = itemCard(1);
    const second = itemCard(2);
    key('Tab');
    focus('focusin', first.anchor);
    focus('focusout', first.anchor);
    focus('focusin', second.anchor);
    expect([isOpen(first.tip), isOpen(second.tip)]).toEqual([false, true]);
    pointer('pointerover', first.anchor);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs);
    expect([isOpen(first.tip), isOpen(second.tip)]).toEqual([true, false]);
  });

  it('on touch: opens after a press of the touch delay and closes the hold time after the finger lifts', () => {
    const { anchor, tip } = itemCard(1);
    // A quick tap opens nothing.
    pointer('pointerover', anchor, 'touch');
    pointer('pointerdown', anchor, 'touch');
    vi.advanceTimersByTime(SHIELD.tooltip.touchDelayMs - 1);
    pointer('pointerup', anchor, 'touch');
    vi.advanceTimersByTime(SHIELD.tooltip.touchDelayMs);
    expect(isOpen(tip)).toBe(false);

    pointer('pointerdown', anchor, 'touch');
    vi.advanceTimersByTime(SHIELD.tooltip.touchDelayMs - 1);
    expect(isOpen(tip)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isOpen(tip)).toBe(true);
    pointer('pointerup', anchor, 'touch');
    vi.advanceTimersByTime(SHIELD.tooltip.touchHoldMs - 1);
    expect(isOpen(tip)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isOpen(tip)).toBe(false);
  });

  it('the garbage check closes a tooltip whose anchor left the document', () => {
    const { anchor, tip } = itemCard(1);
    key('Tab');
    focus('focusin', anchor);
    expect(isOpen(tip)).toBe(true);
    // The title's link is replaced (React renders the title anew); its focusout never came.
    anchor.remove();
    vi.advanceTimersByTime(SHIELD.tooltip.garbageCheckMs - 1);
    expect(isOpen(tip)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isOpen(tip)).toBe(false);
  });

  it('unwired, nothing opens', () => {
    const { anchor, tip } = itemCard(1);
    unwire();
    key('Tab');
    focus('focusin', anchor);
    pointer('pointerover', anchor);
    vi.advanceTimersByTime(SHIELD.tooltip.delayMs);
    expect(isOpen(tip)).toBe(false);
  });
});
