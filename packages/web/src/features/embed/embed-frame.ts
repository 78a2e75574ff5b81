import type { EmbedFields } from '@waymark/protocol';
import type { CSSProperties } from 'react';

/** The masonry's narrowest column and gutter (directory `use-masonry.ts`, `directory.css`). */
const COLUMN = 300;
const GUTTER = 10;

/**
 * The embed page's wrapper for the fields the page applies itself: a class per switch, the
 * sizes as CSS custom properties (read by `embed.css`), and the text direction. The fields are
 * the server's parsed values, so every class and size here is one of a known set.
 */
export function embedFrame(fields: EmbedFields): {
  className: string;
  style: CSSProperties;
  dir: 'rtl' | undefined;
} {
  const classes = ['embed', `embed--${fields.style}`, `embed--filter-${fields.filter_area}`];
  const off = (on: boolean, name: string) => {
    if (!on) classes.push(`embed--no-${name}`);
  };
  off(fields.search, 'search');
  off(fields.enable_tag_filter, 'tags');
  off(fields.item_count, 'count');
  off(fields.review, 'reviews');
  if (fields.enable_tag_filter_dropdown) classes.push('embed--tag-dropdown');
  if (fields.enable_left_filter) classes.push('embed--left-filter');
  if (fields.showmaponly) classes.push('embed--map-only');
  if (fields.main_click_action === 'link') classes.push('embed--click-link');
  const px = (value: number | null) => (value === null ? undefined : `${value}px`);
  const vars: Record<string, string | undefined> = {
    // At most this many columns: the masonry fits floor((width + gutter) / (column + gutter)).
    '--embed-lists-width': `${(Number(fields.column) + 1) * (COLUMN + GUTTER) - GUTTER - 1}px`,
    '--embed-top': px(fields.topspacing),
    '--embed-list-title-size': px(fields.list_title_font_size),
    '--embed-list-title-line': px(fields.list_title_line_height),
    '--embed-title-size': px(fields.title_font_size),
    '--embed-title-line': px(fields.title_line_height),
    '--embed-subtitle-size': px(fields.subtitle_font_size),
    '--embed-subtitle-line': px(fields.subtitle_line_height),
  };
  const style = Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as CSSProperties;
  return { className: classes.join(' '), style, dir: fields.enable_rtl ? 'rtl' : undefined };
}
