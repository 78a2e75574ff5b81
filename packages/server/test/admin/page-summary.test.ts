import { describe, expect, it } from 'vitest';
import { summarisePage } from '../../src/admin/page-summary.js';

describe('summarisePage', () => {
  it('takes the title and meta description, entities decoded and whitespace collapsed', () => {
    expect(
      summarisePage(`<html><head><TITLE>
        Caf&eacute; &amp; Co </TITLE><meta NAME="Description" content="Fresh &lt;bread&gt; daily"></head></html>`),
    ).toEqual({ title: 'Café & Co', description: 'Fresh <bread> daily' });
  });

  it('falls back to Open Graph and ignores a title inside an SVG after the first', () => {
    expect(
      summarisePage(
        '<meta property="og:title" content="OG name"><meta property="og:description" content="OG text"><body></body>',
      ),
    ).toEqual({ title: 'OG name', description: 'OG text' });
    expect(summarisePage('<title>Page</title><svg><title>Icon</title></svg>').title).toBe('Page');
  });

  it('answers empty strings for a page without either', () => {
    expect(summarisePage('<p>nothing</p>')).toEqual({ title: '', description: '' });
  });
});
