import { z } from 'zod';
import { flagField, listField, text } from '../fields.js';
import { CALLS } from './all-addresses.js';
import { defineCall } from './define.js';

/** PROTOCOL.md section 6. */

/**
 * *Waymark:* what the live search finds: pages, articles and directory items. `post` is taken
 * as `article`, the name the original theme's post type has.
 */
export const POST_TYPES = ['page', 'article', 'item'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const liveSearchResult = z.object({
  post_url: z.string(),
  title: z.string(),
  image_url: z.string(),
  id: z.union([z.number(), z.string()]),
  type: z.string(),
});
export type LiveSearchResult = z.infer<typeof liveSearchResult>;

export const liveSearch = defineCall({
  name: CALLS.liveSearch.action,
  description: 'Header live search over pages, articles and directory items.',
  access: 'public',
  ajax: { action: CALLS.liveSearch.action, answer: 'json' },
  request: z.object({
    search: text(200),
    per_page: z.coerce.number().int().min(1).max(50).default(5),
    show_feat_img: flagField.optional(),
    display_post_type: flagField.optional(),
    post_type: listField(text(50)).optional(),
    search_limit_to_post_titles: flagField.optional(),
  }),
  // `{}` or `[]` means no result.
  response: z.union([z.record(z.string(), liveSearchResult), z.array(liveSearchResult).length(0)]),
});

export const themeCalls = [liveSearch] as const;
