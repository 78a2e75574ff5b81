import { describe, expect, it } from 'vitest';
import {
  defaultEmbedFields,
  EMBED_FIELD_NAMES,
  EMBED_FIELDS,
  embedQuery,
  embedSnippet,
  parseEmbedQuery,
  type EmbedFieldName,
} from '../src/embed.js';

/** For each field: a value the field accepts (as sent) and what it reads as, then a bad value. */
const GOOD_AND_BAD: Record<EmbedFieldName, [string, unknown, string]> = {
  order: ['DESC', 'DESC', 'down'],
  orderby: ['title', 'title', 'votes; drop'],
  mode: ['one', 'one', 'some'],
  list_id: ['7', 7, '-1'],
  column: ['2', '2', '5'],
  tooltip: ['true', true, 'yes'],
  style: ['style-2', 'style-2', 'style-9'],
  search: ['false', false, '0'],
  category: ['coffee-shops', 'coffee-shops', '<b>x</b>'],
  map: ['true', true, 'on'],
  showmaponly: ['true', true, '1'],
  upvote: ['false', false, 'no'],
  enable_tag_filter: ['true', true, 'TRUE'],
  distance_search: ['true', true, 'y'],
  marker_cluster: ['false', false, ''],
  image_infowindow: ['false', false, 'off'],
  item_count: ['false', false, 'nope'],
  item_details_page: ['true', true, 'sure'],
  filterorderby: ['title', 'title', 'date'],
  main_click_action: ['link', 'link', 'javascript:alert(1)'],
  phone_number: ['false', false, 'hide'],
  paginate_items: ['true', true, 'paginate'],
  per_page: ['25', 25, '501'],
  enable_rtl: ['true', true, 'rtl'],
  enable_left_filter: ['true', true, 'left'],
  enable_tag_filter_dropdown: ['true', true, 'dropdown'],
  enable_map_fullwidth: ['true', true, 'wide'],
  enable_map_fullscreen: ['true', true, 'full'],
  enable_map_toggle_filter: ['true', true, 'toggle'],
  map_position: ['right', 'right', 'middle'],
  list_title_font_size: ['20', 20, '7'],
  item_orderby: ['upvotes', 'upvotes', 'price'],
  list_title_line_height: ['30', 30, '121'],
  title_font_size: ['18', 18, '18px'],
  review: ['true', true, 'reviews'],
  subtitle_font_size: ['12', 12, '1e2'],
  title_line_height: ['24', 24, '2.5'],
  subtitle_line_height: ['16', 16, 'x'],
  pdmapofflightbox: ['true', true, 'maybe'],
  filter_area: ['fixed', 'fixed', 'sticky'],
  topspacing: ['40', 40, '9999'],
  credittitle: ['Made with Waymark', 'Made with Waymark', 'a\u0000b'],
  creditlink: ['https://example.org/x', 'https://example.org/x', 'javascript:alert(1)'],
};

describe('embed fields', () => {
  it('has the 43 fields in the specification order', () => {
    expect(EMBED_FIELD_NAMES).toHaveLength(43);
    expect(EMBED_FIELD_NAMES.slice(0, 6)).toEqual(['order', 'orderby', 'mode', 'list_id', 'column', 'tooltip']);
    expect(EMBED_FIELD_NAMES.slice(-3)).toEqual(['topspacing', 'credittitle', 'creditlink']);
  });

  for (const name of EMBED_FIELD_NAMES) {
    const [good, read, bad] = GOOD_AND_BAD[name];
    it(`${name}: a good value takes effect, a bad one falls back to the default`, () => {
      expect(parseEmbedQuery({ [name]: good })[name]).toEqual(read);
      const fallback = parseEmbedQuery({ [name]: bad });
      expect(fallback[name]).toEqual(EMBED_FIELDS[name].default);
      // Nothing of the bad value survives anywhere: the whole answer is the defaults.
      expect(fallback).toEqual(defaultEmbedFields());
    });
  }

  it('refuses credit links that could break out of an attribute', () => {
    expect(parseEmbedQuery({ creditlink: 'https://e.org/"onmouseover="x' }).creditlink).toBe('');
    expect(parseEmbedQuery({ creditlink: 'data:text/html,x' }).creditlink).toBe('');
  });

  it('ignores unknown fields, arrays take their first value, non-strings are ignored', () => {
    const fields = parseEmbedQuery({ evil: '<script>', order: ['DESC', 'ASC'], per_page: 5 });
    expect(fields).not.toHaveProperty('evil');
    expect(fields.order).toBe('DESC');
    expect(fields.per_page).toBe(12);
    expect(parseEmbedQuery(null)).toEqual(defaultEmbedFields());
  });
});

describe('embed snippet', () => {
  it('carries the fields in order, the size on the iframe, escaped', () => {
    const fields = { ...defaultEmbedFields(), credittitle: 'Tom & "Jerry"', creditlink: 'https://e.org/?a=1&b=2' };
    const html = embedSnippet(fields, { height: 500, width: 100, unit: '%' }, 'http://127.0.0.1:3000/');
    const src = /src="([^"]*)"/.exec(html)?.[1] ?? '';
    const names = [...new URLSearchParams(src.replaceAll('&amp;', '&').split('?')[1]).keys()];
    expect(names).toEqual(EMBED_FIELD_NAMES);
    expect(src.startsWith('http://127.0.0.1:3000/embed?order=ASC&amp;orderby=menu_order')).toBe(true);
    expect(html).toContain('height="500%" width="100%"');
    expect(html).toContain('<a href="https://e.org/?a=1&amp;b=2">Tom &amp; &quot;Jerry&quot;</a>');
    expect(html).not.toMatch(/"Jerry"/);
  });

  it('leaves the credit out without both credit fields, and refuses bad sizes and units', () => {
    const html = embedSnippet(
      { ...defaultEmbedFields(), credittitle: 'Only a title' },
      { height: -5, width: 1e9, unit: 'em' as 'px' },
      'https://dir.example',
    );
    expect(html).not.toContain('Only a title');
    expect(html).toContain('height="400px" width="100px"');
  });

  it('round-trips through the query', () => {
    const fields = parseEmbedQuery(Object.fromEntries(EMBED_FIELD_NAMES.map((n) => [n, GOOD_AND_BAD[n][0]])));
    expect(parseEmbedQuery(Object.fromEntries(new URLSearchParams(embedQuery(fields))))).toEqual(fields);
  });
});
