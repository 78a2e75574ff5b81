import { z } from 'zod';
import { LIGHTBOX } from '../constants.js';
import { defineSetting, type SettingValue } from './define.js';

/**
 * The site lightbox's settings (directory spec, section 3, "Lightbox site settings"): every
 * `lightbox_*` field the specification names, with the defaults of the lightbox it describes.
 * Fields marked *Waymark* are our own: behaviour the specification states without naming a
 * setting for it, and the addresses of the video services, which the CSP allows only as needed.
 */

export const LIGHTBOX_SKINS = ['metro-white', 'metro-black', 'mac', 'light', 'dark', 'parade', 'smooth'] as const;
export type LightboxSkin = (typeof LIGHTBOX_SKINS)[number];

export const LIGHTBOX_SPEED_NAMES = ['fast', 'normal', 'slow'] as const;

const webAddress = z.url({ protocol: /^https?$/ });

/** A share page address; `{URL}`, `{TITLE}`, `{DESCRIPTION}` and `{IMAGE}` are filled in, encoded. */
const socialLink = z.object({
  network: z.string().regex(/^[a-z0-9-]{1,30}$/),
  label: z.string().min(1).max(60),
  url: z
    .string()
    .max(500)
    .regex(/^https:\/\/[^\s"'<>]+$/, 'must be an https address'),
});

export const DEFAULT_SOCIAL_LINKS = [
  { network: 'facebook', label: 'Share on Facebook', url: 'https://www.facebook.com/sharer/sharer.php?u={URL}' },
  { network: 'x', label: 'Share on X', url: 'https://x.com/intent/post?url={URL}&text={TITLE}' },
  { network: 'linkedin', label: 'Share on LinkedIn', url: 'https://www.linkedin.com/sharing/share-offsite/?url={URL}' },
  {
    network: 'pinterest',
    label: 'Share on Pinterest',
    url: 'https://pinterest.com/pin/create/button/?url={URL}&media={IMAGE}&description={TITLE}',
  },
  { network: 'reddit', label: 'Share on Reddit', url: 'https://www.reddit.com/submit?url={URL}&title={TITLE}' },
];

export const lightboxSettings = defineSetting(
  'lightbox',
  z.object({
    /** Whether links are bound to the lightbox at all. */
    status_lightbox: z.boolean().default(true),
    lightbox_skin: z.enum(LIGHTBOX_SKINS).default('metro-white'),
    /** Show the item's title. */
    lightbox_title: z.boolean().default(true),
    /** Show and hide speed: a name (fast 100, normal 400, slow 800 ms) or milliseconds. */
    lightbox_animation_speed: z
      .union([z.enum(LIGHTBOX_SPEED_NAMES), z.number().int().min(0).max(5_000)])
      .default(LIGHTBOX.showHideMs),
    /** The axis slides move along; the thumbnail strip runs along it too. */
    lightbox_path: z.enum(['vertical', 'horizontal']).default('vertical'),
    /** Show the gallery controls: the thumbnail strip and the slideshow button. */
    lightbox_gallery: z.boolean().default(true),
    /** Show the side arrows. */
    lightbox_arrows: z.boolean().default(true),
    /** Slideshow pause time, ms. */
    lightbox_slideshow_speed: z.number().int().min(1_000).max(60_000).default(LIGHTBOX.slideshowPauseMs),
    /** Start the slideshow playing on open. */
    lightbox_autoplay: z.boolean().default(false),
    lightbox_opacity: z.number().min(0).max(1).default(LIGHTBOX.overlayOpacity),
    /** Show the item's caption. */
    lightbox_desc: z.boolean().default(true),
    lightbox_social: z.boolean().default(true),
    lightbox_social_links: z.array(socialLink).max(12).default(DEFAULT_SOCIAL_LINKS),
    /** Write `#<gallery>/<index>` while open and open from it on load. */
    lightbox_deeplinking: z.boolean().default(true),
    /** Images linked from post content join the `postimages` gallery. */
    lightbox_post_images: z.boolean().default(true),
    lightbox_video_width: z.number().int().min(100).max(4_000).default(1_280),
    lightbox_video_height: z.number().int().min(100).max(4_000).default(720),
    l10n: z
      .object({
        close: z.string().max(100).default('Press Esc to close'),
        enterFullscreen: z.string().max(100).default('Enter Fullscreen (Shift+Enter)'),
        exitFullscreen: z.string().max(100).default('Exit Fullscreen (Shift+Enter)'),
        slideShow: z.string().max(100).default('Slideshow'),
        next: z.string().max(100).default('Next'),
        previous: z.string().max(100).default('Previous'),
      })
      .default({
        close: 'Press Esc to close',
        enterFullscreen: 'Enter Fullscreen (Shift+Enter)',
        exitFullscreen: 'Exit Fullscreen (Shift+Enter)',
        slideShow: 'Slideshow',
        next: 'Next',
        previous: 'Previous',
      }),
    /** *Waymark:* loop from the last item to the first (only with 3 or more items). */
    lightbox_infinite: z.boolean().default(false),
    /** *Waymark:* a click on the overlay closes the lightbox. */
    lightbox_overlay_close: z.boolean().default(true),
    /** *Waymark:* the slideshow pauses while the pointer is over the content. */
    lightbox_pause_on_hover: z.boolean().default(false),
    /** *Waymark:* the video services' addresses; the page's CSP allows exactly these. */
    lightbox_youtube_embed: webAddress.default('https://www.youtube-nocookie.com/embed/'),
    lightbox_youtube_thumbnail: webAddress.default('https://img.youtube.com/vi/'),
    lightbox_vimeo_player: webAddress.default('https://player.vimeo.com/video/'),
    lightbox_vimeo_oembed: webAddress.default('https://vimeo.com/api/oembed.json'),
    /** Where Vimeo's oEmbed answers point their thumbnails. */
    lightbox_vimeo_thumbnail_origin: webAddress.default('https://i.vimeocdn.com'),
  }),
);

export type LightboxSettings = SettingValue<typeof lightboxSettings>;
