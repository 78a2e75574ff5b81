import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  galleryOf,
  inferType,
  isLightboxAddress,
  parseOptions,
  vimeoId,
  youtubeId,
} from '../src/links.js';

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
