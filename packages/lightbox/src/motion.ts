import { LIGHTBOX, type LightboxSettings } from '@waymark/protocol';

/** Durations shrink to nothing when the visitor asks for less motion, so nothing waits on them. */
export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Show and hide speed of the setting, in ms: a name or a number. */
export function showHideMs(speed: LightboxSettings['lightbox_animation_speed']): number {
  return typeof speed === 'number' ? speed : LIGHTBOX.speedNamesMs[speed];
}

export const motionMs = (ms: number) => (prefersReducedMotion() ? 0 : ms);
