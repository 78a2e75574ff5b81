import { z } from 'zod';
import { POST_TYPES } from '../calls/theme.js';
import { defineSetting, type SettingValue } from './define.js';

/**
 * The theme's live-search set (directory spec, section 3, "Theme settings": `min_char_count`,
 * `per_page`, `show_feat_img`, `display_post_type`, `no_search_results`), which the page hands
 * the header search, plus what it searches: the post types and whether only titles count.
 */
export const liveSearchSettings = defineSetting(
  'live_search',
  z.object({
    /** A search runs once the typed text is at least this long, in characters. */
    min_char_count: z.number().int().min(1).max(20).default(4),
    per_page: z.number().int().min(1).max(50).default(8),
    show_feat_img: z.boolean().default(true),
    display_post_type: z.boolean().default(true),
    post_types: z
      .array(z.enum(POST_TYPES))
      .min(1)
      .default([...POST_TYPES]),
    search_limit_to_post_titles: z.boolean().default(false),
    /** Plain text, shown when nothing matches. */
    no_search_results: z.string().max(300).default('No search results match your query. Please try again.'),
  }),
);

export type LiveSearchSettings = SettingValue<typeof liveSearchSettings>;
