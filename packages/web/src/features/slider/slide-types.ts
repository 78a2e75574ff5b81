import type { SlideVideo } from './VideoSlide.js';
import type { SliderInput } from './slider-config.js';

/** A slide as the page gets it (the protocol's `theme_slider` slide). */
export interface SlideData {
  title: string;
  text: string;
  image: string;
  imageAlt: string;
  href: string;
  video: SlideVideo | null;
}

/** The slider setting as the page gets it. */
export interface SliderData extends SliderInput {
  slides: readonly SlideData[];
}
