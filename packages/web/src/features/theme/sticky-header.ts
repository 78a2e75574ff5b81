import type { DeviceKind } from './device.js';

/** Theme constants (spec, section 9): the sticky header shrinks in this long… */
export const SHRINK_MS = 300;
/** …to this height. */
export const SHRUNK_HEIGHT_PX = 65;

export interface StickyRules {
  sticky: boolean;
  sticky_tablet: boolean;
  sticky_mobile: boolean;
  shrink: boolean;
}

/** Sticky on this device: on desktops when sticky is on, on tablets and phones only with their own setting. */
export function stickyAllowed(rules: StickyRules, device: DeviceKind): boolean {
  if (!rules.sticky) return false;
  if (device === 'tablet') return rules.sticky_tablet;
  if (device === 'phone') return rules.sticky_mobile;
  return true;
}

/**
 * Whether the page is tall enough to shrink the header: what shrinking saves must not be what
 * lets the page scroll at all, or the header would shrink, end the scroll, and grow back.
 */
export function tallEnough(pageHeight: number, windowHeight: number, headerHeight: number): boolean {
  const saved = Math.max(0, headerHeight - SHRUNK_HEIGHT_PX);
  return pageHeight - windowHeight > headerHeight + saved * 2;
}
