import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/content/sanitize.js';

describe('rich text', () => {
  it('marks every link as not endorsed', () => {
    expect(sanitizeRichText('<a href="https://example.org/" rel="author">x</a>')).toBe(
      '<a href="https://example.org/" rel="nofollow noopener">x</a>',
    );
  });

  it('keeps a link’s lightbox opt-in, alone or with its gallery, and nothing else of its rel', () => {
    expect(sanitizeRichText('<a href="/media/a.jpg" rel="iLightbox">a</a>')).toBe(
      '<a href="/media/a.jpg" rel="iLightbox nofollow noopener">a</a>',
    );
    expect(sanitizeRichText('<a href="/media/a.jpg" rel="author iLightbox[trip-2] me">a</a>')).toBe(
      '<a href="/media/a.jpg" rel="iLightbox[trip-2] nofollow noopener">a</a>',
    );
    expect(sanitizeRichText('<a href="/media/a.jpg" rel="iLightbox[&quot;&gt;]">a</a>')).toBe(
      '<a href="/media/a.jpg" rel="nofollow noopener">a</a>',
    );
    expect(sanitizeRichText('<a href="/media/a.jpg" data-rel="iLightbox">a</a>')).toBe(
      '<a href="/media/a.jpg" rel="nofollow noopener">a</a>',
    );
  });
});
