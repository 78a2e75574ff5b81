/** The theme's parts of the frame: header, menus, flyouts, alert, footer tabs, anchors and back to top. */
export { Alert } from './Alert.js';
export { BackToTop } from './BackToTop.js';
export { FlyoutBar } from './FlyoutBar.js';
export { FooterTabs } from './FooterTabs.js';
export { MenuItems } from './MenuItems.js';
export { useAnchors } from './use-anchors.js';
export { useFlyouts } from './use-flyouts.js';
export { useStickyHeader } from './use-sticky-header.js';
