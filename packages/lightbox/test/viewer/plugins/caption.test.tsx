// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { Caption } from '../../../src/viewer/plugins/caption.js';
import { apiFor, itemAt, mount, settingsWith, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const shown = () => view?.container.querySelector<HTMLElement>('.wm-lb__caption') ?? null;

/** A holder of a given height, and a caption that is `captionHeight` tall once laid out. */
let captionHeight = 0;
let holderHeight = 0;
const holder = () => {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientHeight', { get: () => holderHeight });
  return element;
};
/** The holder's resize observers, called by hand as the browser would on a resize. */
let resized: (() => void)[] = [];

describe('the caption', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('wm-lb__caption') ? captionHeight : 0;
    });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          resized.push(this.callback);
        }
        disconnect() {
          resized = resized.filter((c) => c !== this.callback);
        }
      },
    );
  });
  afterEach(() => {
    resized = [];
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const withCaption = (text: string, desc = true) =>
    apiFor(1, {
      items: [itemAt(0, { caption: text })],
      holder: holder(),
      settings: settingsWith({ lightbox_desc: desc }),
    });

  it("shows the item's caption", () => {
    view = mount(Caption, withCaption('The harbour at dawn'));
    expect(shown()?.textContent).toBe('The harbour at dawn');
  });

  it('shows nothing when captions are turned off or the item has none', () => {
    view = mount(Caption, withCaption('The harbour at dawn', false));
    expect(view.container.innerHTML).toBe('');
    view.update(withCaption(''));
    expect(view.container.innerHTML).toBe('');
  });

  it("shows only while it takes at most half of the holder's height", () => {
    captionHeight = 200;
    holderHeight = 400;
    view = mount(Caption, withCaption('A long caption'));
    expect(shown()?.dataset.fits).toBe('true');
    // The holder shrinks: the caption now takes more than half of it.
    holderHeight = 399;
    act(() => resized.forEach((callback) => callback()));
    expect(shown()?.dataset.fits).toBe('false');
    holderHeight = 800;
    act(() => resized.forEach((callback) => callback()));
    expect(shown()?.dataset.fits).toBe('true');
  });

  it('hides a caption taller than half the holder from the start', () => {
    captionHeight = 300;
    holderHeight = 500;
    view = mount(Caption, withCaption('A very long caption'));
    expect(shown()?.dataset.fits).toBe('false');
  });
});
