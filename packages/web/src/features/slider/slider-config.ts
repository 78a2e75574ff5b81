/** What the page gets of the slider setting (the protocol's `theme_slider`). */
export interface SliderInput {
  kind: 'content' | 'content-slow' | 'elastic';
  autoplay?: boolean | undefined;
  animation: 'sides' | 'center';
  interval?: number | undefined;
  speed?: number | undefined;
  thumb_max_width: number;
}

/** How a slider runs once its settings and the visitor's motion preference are applied. */
export interface SliderConfig {
  kind: SliderInput['kind'];
  /** Advances on its own, every `interval` ms. */
  autoplay: boolean;
  interval: number;
  /** How long a move between slides takes, in ms. */
  speed: number;
  animation: 'sides' | 'center';
  /** The elastic slider's thumbnail strip, each at most this wide; 0 without thumbnails. */
  thumbMaxWidth: number;
}

/** Theme constants (spec, section 9): each kind's factory interval, speed and autoplay. */
export const SLIDER_DEFAULTS = {
  content: { autoplay: true, interval: 3000, speed: 500 },
  'content-slow': { autoplay: true, interval: 7000, speed: 600 },
  elastic: { autoplay: false, interval: 3000, speed: 800 },
} as const;
/** The elastic slider's thumbnails are at most this wide by default. */
export const ELASTIC_THUMB_MAX_PX = 150;

/** The settings over the kind's defaults; reduced motion turns autoplay off. */
export function sliderConfig(input: SliderInput, reducedMotion: boolean): SliderConfig {
  const defaults = SLIDER_DEFAULTS[input.kind];
  return {
    kind: input.kind,
    autoplay: !reducedMotion && (input.autoplay ?? defaults.autoplay),
    interval: input.interval ?? defaults.interval,
    speed: input.speed ?? defaults.speed,
    animation: input.animation,
    thumbMaxWidth: input.kind === 'elastic' ? input.thumb_max_width : 0,
  };
}

/**
 * Embla's `duration` is not in milliseconds: it is the length of its scroll easing in animation
 * frames at 60 Hz, roughly (its docs recommend 20–60). A speed in ms maps to frames.
 */
export const emblaDuration = (speedMs: number) => Math.max(1, Math.round(speedMs / (1000 / 60)));
