import type { TheRealPerson } from '@waymark/protocol';
import { SHIELD } from '@waymark/protocol/plain';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealPersonBadge } from '../../src/react/badge/index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CONFIG: TheRealPerson = {
  phrases: {
    trpHeading: 'The Real Person!',
    trpContent1: "Author's verdict: a real person, not a bot.",
    trpContent2: "Passed the site's spam shield without a puzzle.",
    trpContentLearnMore: 'Learn more',
  },
  trpContentLink: '/about/spam-shield',
  imgPersonUrl: '/shield/real-person.svg',
  imgShieldUrl: '/shield/real-person-shield.svg',
};

let root: Root | null = null;
let host: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<p id="elsewhere">Other text <button id="other">Other</button></p>';
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function mount(learnMore = false) {
  root = createRoot(host);
  act(() => root?.render(<RealPersonBadge config={CONFIG} learnMore={learnMore} />));
  // Radix starts listening for outside presses one tick after the popup opens.
  await act(() => vi.advanceTimersByTimeAsync(0));
}

const button = () => host.querySelector<HTMLButtonElement>('.shield-trp__button')!;
const popup = () => document.querySelector<HTMLElement>('[role="dialog"]');
const isOpen = () => popup() !== null;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const fire = (target: EventTarget, event: Event) => act(() => void target.dispatchEvent(event));
const pointer = (type: string, pointerType: string, init: PointerEventInit = {}) =>
  new PointerEvent(type, { bubbles: true, cancelable: true, pointerType, ...init });

/** A mouse arrives on / leaves an element (React derives enter and leave from over and out). */
const enter = (target: Element) => fire(target, pointer('pointerover', 'mouse', { relatedTarget: document.body }));
const leave = (target: Element) => fire(target, pointer('pointerout', 'mouse', { relatedTarget: document.body }));
/** A mouse click, as the browser sends it: press, release, click. */
async function click(target: HTMLElement, pointerType = 'mouse') {
  await fire(target, pointer('pointerdown', pointerType));
  await fire(target, pointer('pointerup', pointerType));
  await fire(target, new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
}

describe('real-person badge', () => {
  it('renders the same closed badge on the server and after hydration', async () => {
    const element = <RealPersonBadge config={CONFIG} learnMore />;
    const html = renderToString(element);
    expect(html).not.toContain('role="dialog"');
    expect(html).toContain('aria-expanded="false"');
    host.innerHTML = html;
    const served = host.innerHTML;
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    act(() => {
      root = hydrateRoot(host, element, { onRecoverableError: (error) => void errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(host.innerHTML).toBe(served);
    expect(served).not.toContain('<link');
    expect(button().getAttribute('aria-label')).toBe('The Real Person!');
    expect(button().querySelector('img')?.getAttribute('src')).toBe('/shield/real-person.svg');
    // Hydrated: it works.
    await click(button());
    expect(isOpen()).toBe(true);
  });

  it('opens on hover after the tooltip delay, and closes 1 s after the pointer leaves', async () => {
    await mount();
    await enter(button());
    await wait(SHIELD.tooltip.delayMs - 1);
    expect(isOpen()).toBe(false);
    await wait(1);
    expect(isOpen()).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(popup()?.textContent).toContain("Author's verdict: a real person, not a bot.");

    await leave(button());
    await wait(SHIELD.badgeHideDelayMs - 1);
    expect(isOpen()).toBe(true);
    await wait(1);
    expect(isOpen()).toBe(false);
  });

  it('does not open when the pointer only passes by, and stays open while the pointer is on the popup', async () => {
    await mount();
    await enter(button());
    await wait(SHIELD.tooltip.delayMs / 2);
    await leave(button());
    await wait(SHIELD.tooltip.delayMs);
    expect(isOpen()).toBe(false);

    await enter(button());
    await wait(SHIELD.tooltip.delayMs);
    await leave(button());
    await wait(SHIELD.badgeHideDelayMs / 2);
    await enter(popup()!);
    await wait(SHIELD.badgeHideDelayMs * 3);
    expect(isOpen()).toBe(true);
  });

  it('opens on a tap and closes 3 s after the touch ends', async () => {
    await mount();
    await click(button(), 'touch');
    expect(isOpen()).toBe(true);
    await wait(SHIELD.badgeHideDelayTouchMs - 1);
    expect(isOpen()).toBe(true);
    await wait(1);
    expect(isOpen()).toBe(false);
  });

  it('opens on a touch held for the touch delay, and a touch on the popup starts the 3 s again', async () => {
    await mount();
    await fire(button(), pointer('pointerdown', 'touch'));
    await wait(SHIELD.tooltip.touchDelayMs - 1);
    expect(isOpen()).toBe(false);
    await wait(1);
    expect(isOpen()).toBe(true);
    await fire(button(), pointer('pointerup', 'touch'));
    await fire(button(), new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
    expect(isOpen()).toBe(true);
    await wait(SHIELD.badgeHideDelayTouchMs - 500);
    await fire(popup()!, pointer('pointerdown', 'touch'));
    await wait(1_000);
    expect(isOpen()).toBe(true);
    await fire(popup()!, pointer('pointerup', 'touch'));
    await wait(SHIELD.badgeHideDelayTouchMs - 1);
    expect(isOpen()).toBe(true);
    await wait(1);
    expect(isOpen()).toBe(false);
  });

  it('toggles on a click', async () => {
    await mount();
    await click(button());
    expect(isOpen()).toBe(true);
    await click(button());
    expect(isOpen()).toBe(false);
    await click(button());
    expect(isOpen()).toBe(true);
  });

  it('closes on a click outside', async () => {
    await mount();
    await click(button());
    await wait(0);
    await fire(popup()!, pointer('pointerdown', 'mouse'));
    expect(isOpen()).toBe(true);
    await click(document.getElementById('elsewhere')!);
    expect(isOpen()).toBe(false);
  });

  it('closes on Esc and gives focus back to the button when it was in the popup', async () => {
    await mount(true);
    await click(button());
    await wait(0);
    const link = popup()?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/about/spam-shield');
    expect(link?.textContent).toBe('Learn more');
    await act(() => link?.focus());
    await fire(link!, new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(isOpen()).toBe(false);
    await wait(0);
    expect(document.activeElement).toBe(button());
    // Focus put back by the badge does not open it again.
    expect(isOpen()).toBe(false);
  });

  it('opens on keyboard focus, keeps its link reachable, and closes when focus leaves', async () => {
    await mount(true);
    await act(() => button().focus());
    expect(isOpen()).toBe(true);
    // The popup follows its button in the document, so Tab reaches the link next.
    const link = popup()?.querySelector('a');
    expect(button().compareDocumentPosition(link!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(() => link?.focus());
    expect(isOpen()).toBe(true);
    await act(() => document.getElementById('other')?.focus());
    expect(isOpen()).toBe(false);
  });

  it('has the learn-more link only when asked, and names its popup by the heading', async () => {
    await mount(false);
    await click(button());
    expect(popup()?.querySelector('a')).toBeNull();
    const labelledBy = popup()?.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(labelledBy)?.textContent).toBe('The Real Person!');
  });
});
