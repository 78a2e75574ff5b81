// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { openFromDeepLink, singleGalleryId } from '../src/binding.js';
import { formatDeepLink, parseDeepLink } from '../src/deep-link.js';

describe('deep links', () => {
  afterEach(() => document.body.replaceChildren());

  it("names a lone link's gallery of one after its address, the same on every visit", () => {
    const id = singleGalleryId('/media/gallery/market.png');
    expect(id).toMatch(/^single-[0-9a-z]+$/);
    expect(singleGalleryId('/media/gallery/market.png')).toBe(id);
    expect(singleGalleryId('/media/gallery/harbour.jpg')).not.toBe(id);
    expect(parseDeepLink(formatDeepLink({ gallery: id, index: 0 }))).toEqual({ gallery: id, index: 0 });
  });

  it('opens a gallery of the page on the item named, the start index clamped to the last item', () => {
    document.body.innerHTML = ['a', 'b', 'c']
      .map((name) => `<a href="/media/${name}.jpg" data-rel="iLightbox[photos]">${name}</a>`)
      .join('');
    expect(openFromDeepLink('photos', 1)?.index).toBe(1);
    const clamped = openFromDeepLink('photos', 99);
    expect(clamped?.index).toBe(2);
    expect(clamped?.items.map((item) => item.url)).toEqual(['/media/a.jpg', '/media/b.jpg', '/media/c.jpg']);
    expect(openFromDeepLink('nope', 0)).toBeNull();
  });
});
