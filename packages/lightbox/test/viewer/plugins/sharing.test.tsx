// @vitest-environment happy-dom
import { LIGHTBOX } from '@waymark/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sharing } from '../../../src/viewer/plugins/sharing.js';
import { apiFor, click, itemAt, mount, settingsWith, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const buttons = () => [...(view?.container.querySelectorAll<HTMLButtonElement>('.wm-lb__share') ?? [])];
const TEMPLATE = 'https://share.test/post?u={URL}&t={TITLE}&d={DESCRIPTION}&i={IMAGE}';
const settings = settingsWith({ lightbox_social_links: [{ network: 'test', label: 'Share on Test', url: TEMPLATE }] });

describe('social sharing', () => {
  let open: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    Object.defineProperty(screen, 'width', { value: 1920, configurable: true });
    Object.defineProperty(screen, 'height', { value: 1080, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers one button per configured network', () => {
    view = mount(Sharing, apiFor(1));
    expect(buttons().map((b) => [b.dataset.network, b.textContent])).toEqual([
      ['facebook', 'Share on Facebook'],
      ['x', 'Share on X'],
      ['linkedin', 'Share on LinkedIn'],
      ['pinterest', 'Share on Pinterest'],
      ['reddit', 'Share on Reddit'],
    ]);
  });

  it("opens the network's share page with the page address, title, caption and image, encoded, in a 640x360 popup in the middle of the screen", () => {
    const item = itemAt(0, { title: 'Harbour & boats', caption: 'At dawn, 6 am' });
    view = mount(Sharing, apiFor(1, { items: [item], item, settings }));
    click(buttons()[0] ?? null);
    const image = new URL('/media/0.jpg', location.href).href;
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `https://share.test/post?u=${encodeURIComponent(location.href)}&t=Harbour%20%26%20boats&d=At%20dawn%2C%206%20am&i=${encodeURIComponent(image)}`,
      '_blank',
      `popup,noopener,noreferrer,width=${LIGHTBOX.share.width},height=${LIGHTBOX.share.height},left=640,top=360`,
    );
  });

  it("shares the page's title for an item without one, and no image for anything but an image", () => {
    document.title = 'Waymark gallery';
    const item = itemAt(0, { title: '', type: 'video', source: 'html5', url: '/m/clip.mp4' });
    view = mount(Sharing, apiFor(1, { items: [item], item, settings }));
    click(buttons()[0] ?? null);
    expect(open.mock.calls[0]?.[0]).toBe(
      `https://share.test/post?u=${encodeURIComponent(location.href)}&t=Waymark%20gallery&d=&i=`,
    );
  });

  it('shows no buttons on an item whose social option is off', () => {
    const item = itemAt(0, { options: { social: false } });
    view = mount(Sharing, apiFor(1, { items: [item], item }));
    expect(view.container.innerHTML).toBe('');
  });
});
