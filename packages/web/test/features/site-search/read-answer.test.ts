import { describe, expect, it } from 'vitest';
import { readAnswer, unescapeHtml } from '../../../src/features/site-search/read-answer.js';

describe('the live search answer as the dropdown reads it', () => {
  it('keeps the server order and turns the escaped titles and URLs back into text', () => {
    const answer = {
      '0': {
        post_url: '/pages/a?x=1&amp;y=2',
        title: 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;',
        image_url: '/a.jpg',
        id: 3,
        type: 'page',
      },
      '1': { post_url: '/items/4', title: 'Second', image_url: '', id: '4', type: '' },
    };
    expect(readAnswer(answer)).toEqual([
      { id: 3, url: '/pages/a?x=1&y=2', title: 'Tom & "Jerry" <b>', image: '/a.jpg', type: 'page' },
      { id: '4', url: '/items/4', title: 'Second', image: '', type: '' },
    ]);
  });

  it('reads {} and [] as no result, and leaves out what is not a result', () => {
    expect(readAnswer({})).toEqual([]);
    expect(readAnswer([])).toEqual([]);
    expect(readAnswer(null)).toEqual([]);
    expect(readAnswer('0')).toEqual([]);
    expect(
      readAnswer({
        a: { post_url: 'javascript:alert(1)', title: 'x', image_url: '', id: 1, type: 'page' },
        b: { post_url: '//evil.example/', title: 'x', image_url: '', id: 2, type: 'page' },
        c: { post_url: '/ok', title: 5, image_url: '', id: 3, type: 'page' },
        d: { post_url: '/ok', title: 'ok', image_url: 'data:image/png;base64,AA', id: 4, type: 'page' },
      }),
    ).toEqual([{ id: 4, url: '/ok', title: 'ok', image: '', type: 'page' }]);
  });

  it('decodes only the five entities the server writes', () => {
    expect(unescapeHtml('&amp;lt; &#39; &copy;')).toBe("&lt; ' &copy;");
  });
});
