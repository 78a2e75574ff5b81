/** What kind of device a window of this size is, as the theme's sticky-header settings count it. */
export type DeviceKind = 'phone' | 'tablet' | 'desktop';

/** Narrower than this is a phone. */
export const TABLET_MIN_PX = 768;
/** A tablet held upright is up to this wide… */
export const TABLET_PORTRAIT_MAX_PX = 1366;
/** …and held sideways up to this wide. */
export const TABLET_LANDSCAPE_MAX_PX = 1024;

/** Tablet: 768–1366 px wide upright, 768–1024 px sideways; narrower is a phone. */
export function deviceKind(width: number, height: number): DeviceKind {
  if (width < TABLET_MIN_PX) return 'phone';
  const portrait = height > width;
  const max = portrait ? TABLET_PORTRAIT_MAX_PX : TABLET_LANDSCAPE_MAX_PX;
  return width <= max ? 'tablet' : 'desktop';
}
