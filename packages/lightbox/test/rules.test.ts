import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { singleGalleryId } from '../src/binding.js';
import { formatDeepLink, parseDeepLink } from '../src/deep-link.js';
import {
  extensionOf,
  galleryOf,
  inferType,
  isLightboxAddress,
  parseOptions,
  vimeoId,
  youtubeId,
} from '../src/links.js';
import { fitBox, fitScale, fullViewPortOf, lengthOf, viewportBox } from '../src/viewer/fit.js';
import { commandMessage, embedAddress, helloMessage, isPlayerAnswer } from '../src/viewer/player.js';
import { thumbnailIcon } from '../src/viewer/plugins.js';
import type { LightboxItem } from '../src/types.js';
import { createWheelStepper, swipeStep, wheelDelta } from '../src/viewer/input.js';
import { loops, slideshowNext, target } from '../src/viewer/navigation.js';

describe('which links open in the lightbox', () => {
  it.each(['bmp', 'gif', 'jpeg', 'jpg', 'png', 'tiff', 'tif', 'jfif', 'jpe', 'svg', 'mp4', 'ogg', 'webm', 'webp'])(
    'accepts .%s',
    (ext) => {
      expect(isLightboxAddress(`/media/a.${ext}`)).toBe(true);
      expect(isLightboxAddress(`https://x.test/a.${ext.toUpperCase()}?w=2`)).toBe(true);
    },
  );

  it('accepts YouTube and Vimeo addresses and refuses anything else', () => {
    expect(isLightboxAddress('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(true);
    expect(isLightboxAddress('https://youtu.be/aqz-KE-bpKQ')).toBe(true);
    expect(isLightboxAddress('https://vimeo.com/76979871')).toBe(true);
    expect(isLightboxAddress('/guide.pdf')).toBe(false);
    expect(isLightboxAddress('/about')).toBe(false);
    expect(isLightboxAddress('/a.jpgx')).toBe(false);
    expect(isLightboxAddress('https://notyoutube.com/watch?v=aqz-KE-bpKQ')).toBe(false);
  });

  it('takes the type from the data attribute, else the extension, else iframe', () => {
    expect(inferType('/a.jpg')).toEqual({ type: 'image' });
    expect(inferType('/a.mp4')).toEqual({ type: 'video', source: 'html5' });
    expect(inferType('/a.swf')).toEqual({ type: 'flash' });
    expect(inferType('/a.mov')).toEqual({ type: 'quicktime' });
    expect(inferType('https://youtu.be/aqz-KE-bpKQ')).toEqual({ type: 'video', source: 'youtube' });
    expect(inferType('https://vimeo.com/1')).toEqual({ type: 'video', source: 'vimeo' });
    expect(inferType('/page')).toEqual({ type: 'iframe' });
    expect(inferType('/a.jpg', 'ajax')).toEqual({ type: 'ajax' });
    expect(inferType('#x', 'INLINE')).toEqual({ type: 'inline' });
    expect(inferType('/a.jpg', 'nonsense')).toEqual({ type: 'image' });
    expect(extensionOf('/a/b.JPEG?x=1#y')).toBe('jpeg');
  });

  it('finds an 11-character YouTube id or none', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://youtu.be/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://www.youtube.com/embed/aqz-KE-bpKQ?rel=0')).toBe('aqz-KE-bpKQ');
    expect(youtubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeId('https://www.youtube.com/watch?v=aqz-KE-bpKQx')).toBeNull();
    expect(vimeoId('https://vimeo.com/76979871')).toBe('76979871');
    expect(vimeoId('https://player.vimeo.com/video/42')).toBe('42');
    expect(vimeoId('https://vimeo.com/about')).toBeNull();
  });

  it('reads the gallery from iLightbox[name] and options only from JSON', () => {
    expect(galleryOf('iLightbox[photos]')).toBe('photos');
    expect(galleryOf('ilightbox')).toBe('');
    expect(galleryOf('nofollow')).toBeNull();
    expect(galleryOf(null)).toBeNull();
    expect(parseOptions('{"width":640}')).toEqual({ width: 640 });
    expect(parseOptions("width: 640, alert('x')")).toEqual({});
    expect(parseOptions('[1]')).toEqual({});
  });
});

describe('deep links', () => {
  it("names a lone link's gallery of one after its address, the same on every visit", () => {
    const id = singleGalleryId('/media/gallery/market.png');
    expect(id).toMatch(/^single-[0-9a-z]+$/);
    expect(singleGalleryId('/media/gallery/market.png')).toBe(id);
    expect(singleGalleryId('/media/gallery/harbour.jpg')).not.toBe(id);
    expect(parseDeepLink(formatDeepLink({ gallery: id, index: 0 }))).toEqual({ gallery: id, index: 0 });
  });

  it('reads and writes #<gallery>/<zero-based index>', () => {
    expect(parseDeepLink('#photos/2')).toEqual({ gallery: 'photos', index: 2 });
    expect(parseDeepLink('#my%20pics/0')).toEqual({ gallery: 'my pics', index: 0 });
    expect(formatDeepLink({ gallery: 'my pics', index: 3 })).toBe('#my%20pics/3');
    for (const bad of ['', '#', '#photos', '#photos/', '#photos/-1', '#photos/x', '#/2', '#main', '#%E0%A4%A/1']) {
      expect(parseDeepLink(bad)).toBeNull();
    }
  });
});

describe('moving', () => {
  it('disables previous at the first and next at the last item without looping', () => {
    expect(target(-1, 5, false)).toBeNull();
    expect(target(5, 5, false)).toBeNull();
    expect(target(4, 5, false)).toBe(4);
  });

  it('loops only with infinite looping and 3 or more items', () => {
    expect(loops(3, true)).toBe(true);
    expect(loops(2, true)).toBe(false);
    expect(loops(5, false)).toBe(false);
    expect(target(-1, 3, true)).toBe(2);
    expect(target(3, 3, true)).toBe(0);
    expect(target(2, 2, true)).toBeNull();
  });

  it('lets the slideshow wrap from the last item to the first', () => {
    expect(slideshowNext(4, 5)).toBe(0);
    expect(slideshowNext(1, 5)).toBe(2);
  });
});

describe('swipes', () => {
  const at = (x: number, y: number, t: number) => ({ x, y, at: t });

  it('count only beyond 100 px on the main axis, under 100 px across and under 1 s', () => {
    expect(swipeStep(at(300, 300, 0), at(150, 320, 400), 'horizontal')).toBe(1);
    expect(swipeStep(at(150, 300, 0), at(300, 300, 400), 'horizontal')).toBe(-1);
    expect(swipeStep(at(300, 300, 0), at(200, 300, 400), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(150, 400, 400), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(150, 300, 1_000), 'horizontal')).toBe(0);
    expect(swipeStep(at(300, 300, 0), at(300, 150, 400), 'vertical')).toBe(1);
    expect(swipeStep(at(300, 300, 0), at(150, 300, 400), 'vertical')).toBe(0);
  });
});

describe('the wheel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('normalises lines and pages to pixels along the path', () => {
    expect(wheelDelta({ deltaX: 0, deltaY: 3, deltaMode: 1 }, 'vertical')).toBe(48);
    expect(wheelDelta({ deltaX: 0, deltaY: -1, deltaMode: 2 }, 'vertical')).toBe(-800);
    expect(wheelDelta({ deltaX: 40, deltaY: 5, deltaMode: 0 }, 'horizontal')).toBe(40);
    expect(wheelDelta({ deltaX: 40, deltaY: 5, deltaMode: 0 }, 'vertical')).toBe(5);
  });

  it('moves once per gesture, a gesture ending 200 ms after its last event', () => {
    const step = createWheelStepper(200);
    expect(step(100)).toBe(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(150);
      expect(step(100)).toBe(0);
    }
    vi.advanceTimersByTime(199);
    expect(step(-100)).toBe(0);
    vi.advanceTimersByTime(200);
    expect(step(-100)).toBe(-1);
    vi.advanceTimersByTime(200);
    expect(step(0)).toBe(0);
  });
});

describe('fitting content to the holder', () => {
  it('scales down, never up, and never below the site minimum of 0.075', () => {
    expect(fitScale({ w: 2400, h: 1500 }, { w: 1200, h: 1000 })).toBe(0.5);
    expect(fitScale({ w: 300, h: 200 }, { w: 1200, h: 1000 })).toBe(1);
    expect(fitScale({ w: 100_000, h: 100 }, { w: 1000, h: 1000 })).toBe(0.075);
    expect(fitBox({ w: 2400, h: 1500 }, { w: 1200, h: 1000 })).toEqual({ w: 1200, h: 750 });
  });

  it('reads sizes as pixels or percentages', () => {
    expect(lengthOf(640, 1000, 1280)).toBe(640);
    expect(lengthOf('50%', 1000, 1280)).toBe(500);
    expect(lengthOf('720', 1000, 1280)).toBe(720);
    expect(lengthOf(undefined, 1000, 1280)).toBe(1280);
  });
});

describe('item options', () => {
  const area = { w: 1000, h: 600 };
  it('fullViewPort: fit scales up or down to the holder, fill and stretch take all of it', () => {
    expect(viewportBox({ w: 320, h: 240 }, area, 'fit')).toEqual({ w: 800, h: 600 });
    expect(viewportBox({ w: 4000, h: 1000 }, area, 'fit')).toEqual({ w: 1000, h: 250 });
    expect(viewportBox({ w: 320, h: 240 }, area, 'fill')).toEqual(area);
    expect(viewportBox({ w: 320, h: 240 }, area, 'stretch')).toEqual(area);
    // Without the option the picture keeps its size.
    expect(fitBox({ w: 320, h: 240 }, area)).toEqual({ w: 320, h: 240 });
    expect(fullViewPortOf('fill')).toBe('fill');
    expect(fullViewPortOf('cover')).toBeNull();
    expect(fullViewPortOf(undefined)).toBeNull();
  });

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

describe('embedded player messages', () => {
  it("speaks YouTube's IFrame API and Vimeo's postMessage API", () => {
    expect(JSON.parse(commandMessage('youtube', 'play'))).toEqual({
      event: 'command',
      func: 'playVideo',
      args: [],
      id: 1,
      channel: 'widget',
    });
    expect(JSON.parse(commandMessage('youtube', 'pause'))).toMatchObject({ func: 'pauseVideo' });
    expect(JSON.parse(commandMessage('youtube', 'mute'))).toMatchObject({ func: 'mute' });
    expect(JSON.parse(helloMessage('youtube'))).toEqual({ event: 'listening', id: 1, channel: 'widget' });
    expect(JSON.parse(commandMessage('vimeo', 'play'))).toEqual({ method: 'play' });
    expect(JSON.parse(commandMessage('vimeo', 'pause'))).toEqual({ method: 'pause' });
    expect(JSON.parse(commandMessage('vimeo', 'mute'))).toEqual({ method: 'setVolume', value: 0 });
    expect(JSON.parse(helloMessage('vimeo'))).toEqual({ method: 'ping' });
  });

  it('knows a player is there from its answers only', () => {
    expect(isPlayerAnswer('youtube', '{"event":"onReady","id":1}')).toBe(true);
    expect(isPlayerAnswer('youtube', '{"event":"infoDelivery","info":{}}')).toBe(true);
    expect(isPlayerAnswer('youtube', '{"event":"command"}')).toBe(false);
    expect(isPlayerAnswer('youtube', 'not json')).toBe(false);
    expect(isPlayerAnswer('vimeo', { event: 'ready' })).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"method":"ping"}')).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"event":"ready"}')).toBe(true);
    expect(isPlayerAnswer('vimeo', '{"event":"onReady"}')).toBe(false);
  });

  it('turns the API on in the YouTube embed address, for this page', () => {
    expect(embedAddress('youtube', 'https://www.youtube-nocookie.com/embed/', 'aqz-KE-bpKQ', 'http://a.test:8')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?enablejsapi=1&origin=http%3A%2F%2Fa.test%3A8',
    );
    expect(embedAddress('vimeo', 'https://player.vimeo.com/video/', '76979871', 'http://a.test')).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });
});
