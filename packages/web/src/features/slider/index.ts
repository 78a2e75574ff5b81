/** Where a page's slider goes; its code loads only there, after hydration. */
export { SliderSlot } from './SliderSlot.js';
