// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LightboxItem } from '../../../src/types.js';
import { thumbnailIcon, Thumbnails } from '../../../src/viewer/plugins/thumbnails.js';
import { apiFor, click, itemAt, mount, settingsWith, type Mounted } from '../../support/viewer.js';

let view: Mounted | undefined;
const thumbs = () => [...(view?.container.querySelectorAll<HTMLButtonElement>('.wm-lb__thumb') ?? [])];
const pictureOf = (button: HTMLButtonElement | undefined) => button?.querySelector('img')?.getAttribute('src') ?? null;
/** Lets the answers of stubbed fetches arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the thumbnail strip', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one thumbnail per item, marks the current one and moves to the one clicked', () => {
    const api = apiFor(4, { index: 2 });
    view = mount(Thumbnails, api);
    expect(thumbs().map((t) => t.getAttribute('aria-label'))).toEqual([
      '1: Item 1',
      '2: Item 2',
      '3: Item 3',
      '4: Item 4',
    ]);
    expect(thumbs().map((t) => t.getAttribute('aria-current'))).toEqual([null, null, 'true', null]);
    click(thumbs()[0] ?? null);
    expect(api.go).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('takes each picture from the thumbnail option, the poster, the image itself or the YouTube still', () => {
    const items: LightboxItem[] = [
      itemAt(0, { options: { thumbnail: '/thumbs/a.jpg' } }),
      itemAt(1),
      itemAt(2, { type: 'video', source: 'html5', url: '/m/clip.mp4', options: { html5video: { poster: '/p.webp' } } }),
      itemAt(3, { type: 'video', source: 'youtube', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }),
      itemAt(4, { type: 'iframe', url: '/about', title: '' }),
    ];
    view = mount(Thumbnails, apiFor(0, { items }));
    expect(thumbs().map(pictureOf)).toEqual([
      '/thumbs/a.jpg',
      '/media/1.jpg',
      '/p.webp',
      'https://img.youtube.com/vi/aqz-KE-bpKQ/default.jpg',
      null,
    ]);
    // Without a picture the thumbnail shows the type's icon, and is named after the type.
    expect(thumbs()[4]?.querySelector('.wm-lb__icon')?.getAttribute('data-type')).toBe('iframe');
    expect(thumbs()[4]?.querySelector('.wm-lb__icon svg')?.getAttribute('data-i')).toBe('frame');
    expect(thumbs()[4]?.getAttribute('aria-label')).toBe('5: iframe');
    // Videos wear the video marker.
    expect(thumbs()[3]?.getAttribute('aria-label')).toBe('4: Item 4 (video)');
    expect(thumbs()[3]?.querySelector('.wm-lb__thumb-icon')?.getAttribute('data-icon')).toBe('video');
    expect(thumbs()[3]?.querySelector('.wm-lb__thumb-icon svg')?.getAttribute('data-i')).toBe('play');
  });

  it('draws the icon of an item without a picture as inline SVG, with no text glyph', () => {
    const types = ['iframe', 'ajax', 'inline', 'html', 'flash', 'quicktime'] as const;
    const items = types.map((type, i) => itemAt(i, { type, url: `/content/${type}`, title: '' }));
    view = mount(Thumbnails, apiFor(0, { items }));
    expect(thumbs().map((t) => t.querySelector('.wm-lb__icon svg')?.getAttribute('data-i'))).toEqual([
      'frame',
      'frame',
      'text',
      'text',
      'warning',
      'warning',
    ]);
    expect(thumbs().map((t) => t.textContent)).toEqual(['', '', '', '', '', '']);
  });

  it('asks the oEmbed endpoint for a Vimeo thumbnail and shows it only from the configured host', async () => {
    const answers: Record<string, string> = {
      'https://vimeo.com/76979871': 'https://i.vimeocdn.com/video/1.jpg',
      'https://vimeo.com/42': 'https://elsewhere.test/video/2.jpg',
    };
    const fetch = vi.fn(async (address: string) => {
      const url = new URL(address).searchParams.get('url') ?? '';
      return new Response(JSON.stringify({ thumbnail_url: answers[url] }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const vimeo = (index: number, url: string) => itemAt(index, { type: 'video', source: 'vimeo', url });
    const items = [vimeo(0, 'https://vimeo.com/76979871'), vimeo(1, 'https://vimeo.com/42')];
    view = mount(Thumbnails, apiFor(0, { items, settings: settingsWith() }));
    await settle();
    expect(fetch.mock.calls.map(([address]) => address)).toEqual([
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871',
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F42',
    ]);
    expect(thumbs().map(pictureOf)).toEqual(['https://i.vimeocdn.com/video/1.jpg', null]);
  });
});

describe('item options', () => {
  it('icon: the marker the item names, else a video marker on videos', () => {
    const item = (type: LightboxItem['type'], icon?: string): LightboxItem => ({
      url: '/x',
      type,
      title: '',
      caption: '',
      extension: '',
      index: 0,
      options: icon === undefined ? {} : { icon },
    });
    expect(thumbnailIcon(item('image'))).toBeNull();
    expect(thumbnailIcon(item('image', 'image'))).toBe('image');
    expect(thumbnailIcon(item('iframe', 'video'))).toBe('video');
    expect(thumbnailIcon(item('video'))).toBe('video');
    expect(thumbnailIcon(item('video', 'image'))).toBe('image');
    expect(thumbnailIcon(item('image', 'star'))).toBeNull();
  });
});
