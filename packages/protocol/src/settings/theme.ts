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

/** One link of a navigation menu; a top-level link may hold one level of sub-links. */
const menuLink = z.object({
  label: z.string().min(1).max(80),
  /** A site path ('/…'), a fragment ('#…') or an http(s) address. */
  href: z
    .string()
    .max(500)
    .regex(/^(\/|#|https?:\/\/)/, 'A link starts with /, # or http(s)://'),
});
export const menuItem = menuLink.extend({ children: z.array(menuLink).max(20).default([]) });
export type MenuItem = z.output<typeof menuItem>;

/**
 * The theme's header set (spec, section 3, "Page-supplied sets": header): the sticky header with
 * its trigger position, where it applies, whether it shrinks, and the side-header variant.
 */
export const headerSettings = defineSetting(
  'theme_header',
  z.object({
    /** The header sticks to the top once the page is scrolled past `sticky_trigger` pixels. */
    sticky: z.boolean().default(true),
    sticky_trigger: z.number().int().min(0).max(2000).default(0),
    /** Sticky on tablets (device width 768–1366 px portrait, 768–1024 px landscape). */
    sticky_tablet: z.boolean().default(false),
    /** Sticky on phones (narrower than a tablet). */
    sticky_mobile: z.boolean().default(false),
    /** Shrinks to the shrunk height when sticky, on a page tall enough for it. */
    shrink: z.boolean().default(true),
    /** 'top': across the top; 'side': down the left edge on wide screens. */
    layout: z.enum(['top', 'side']).default('top'),
    /** A notice shown under the header, which a visitor can close (plain text; '' for none). */
    notice: z.string().max(500).default(''),
  }),
);
export type HeaderSettings = SettingValue<typeof headerSettings>;

/** The theme's menu set: the main and the secondary navigation, which an administrator edits. */
export const menuSettings = defineSetting(
  'theme_menus',
  z.object({
    /** Shown after the site's own pages in the main navigation; an item may hold sub-links. */
    main: z.array(menuItem).max(30).default([]),
    /** The small secondary navigation above the header. */
    secondary: z
      .array(menuLink)
      .max(20)
      .default([
        { label: 'Search', href: '/search' },
        { label: 'Privacy', href: '/pages/privacy' },
      ]),
  }),
);
export type MenuSettings = SettingValue<typeof menuSettings>;

/** The theme's to-top set (`totop_position`), and whether it shows only while scrolling down. */
export const toTopSettings = defineSetting(
  'theme_totop',
  z.object({
    totop_position: z.enum(['left', 'right']).default('right'),
    only_scrolling_down: z.boolean().default(false),
  }),
);
export type ToTopSettings = SettingValue<typeof toTopSettings>;

/** A video on a slide: a file the site serves, or a YouTube or Vimeo embed. */
export const slideVideo = z.object({
  provider: z.enum(['file', 'youtube', 'vimeo']),
  /** The file's address, or the YouTube or Vimeo video id. */
  src: z.string().min(1).max(500),
  autoplay: z.boolean().default(false),
  mute: z.boolean().default(true),
  /** At its end the video plays again; otherwise the slider goes on. */
  loop: z.boolean().default(false),
});
export const slide = z.object({
  title: z.string().max(200).default(''),
  text: z.string().max(1000).default(''),
  image: z.string().max(500).default(''),
  imageAlt: z.string().max(300).default(''),
  href: z.string().max(500).default(''),
  video: slideVideo.nullable().default(null),
});
export type Slide = z.output<typeof slide>;

/**
 * The theme's slider set (spec, section 3, "Slider settings": autoplay, animation, interval,
 * speed, thumbnail max width): the home page's slider, content or elastic, and its slides.
 * `interval` and `speed` default per kind (section 9) when absent.
 */
export const sliderSettings = defineSetting(
  'theme_slider',
  z.object({
    kind: z.enum(['content', 'content-slow', 'elastic']).default('content'),
    autoplay: z.boolean().optional(),
    animation: z.enum(['sides', 'center']).default('sides'),
    interval: z.number().int().min(1000).max(60_000).optional(),
    speed: z.number().int().min(100).max(5000).optional(),
    thumb_max_width: z.number().int().min(40).max(400).default(150),
    slides: z.array(slide).max(20).default([]),
  }),
);
export type SliderSettings = SettingValue<typeof sliderSettings>;
