/**
 * Business constants of the two specifications, by the name the specification gives them.
 * Times are milliseconds unless the name says otherwise.
 */

/** spec/antispam-decoder-honeypot-embed.md, section 9. */
export const SHIELD = {
  xhrTimeoutMs: 15_000,
  mouseSampleMs: 150,
  mouseMaxPoints: 50,
  mouseWriteMs: 1_200,
  formRescanMs: 2_000,
  formWireDelayMs: 1_000,
  pixelCacheSeconds: 10_800,
  storageLivenessSeconds: 86_400,
  decodePopupDelayMs: 3_000,
  decodeFillDelayMs: 2_000,
  decodeErrorHideMs: 3_000,
  badgeHideDelayMs: 1_000,
  badgeHideDelayTouchMs: 3_000,
  botDetectorKeyCookieSeconds: 3_600,
  eventTokenLength: 64,
  eventTokenCheckMs: 1_000,
  antiCrawlerCheckMs: 500,
  logCheckDelayMs: 1_000,
  logCheckIntervalMs: 1_000,
  visibleFieldsFormIndexLimit: 10,
  jsErrorSampleRate: 0.01,
  tooltip: {
    delayMs: 300,
    animationMs: 350,
    touchDelayMs: 300,
    touchHoldMs: 500,
    zIndex: 9_999_999,
    garbageCheckMs: 20_000,
  },
  blockOverlayOpacity: 0.7,
  blockOverlayFadeMs: 500,
} as const;

export const COOKIE_TYPES = ['none', 'native', 'alternative'] as const;
export type CookieType = (typeof COOKIE_TYPES)[number];

export const AJAX_TYPES = ['rest', 'admin_ajax'] as const;
export type AjaxType = (typeof AJAX_TYPES)[number];

/** Pixel settings: 0 off, 1 drawn by the server, 2 drawn by the script, 3 automatic. */
export const PIXEL_SETTINGS = [0, 1, 2, 3] as const;
export type PixelSetting = (typeof PIXEL_SETTINGS)[number];

/** spec/directory-lightbox-theme.md, section 9, "Map and search". */
export const DIRECTORY = {
  markerWidth: 30,
  markerHeight: 30,
  markerAnchor: [25, 50],
  popupAnchor: [-10, -50],
  mapBoundsPadding: 0.5,
  minZoom: 2,
  minZoomFullWidth: 3,
  minZoomRight: 2,
  maxZoom: 50,
  geocodeSuggestionLimit: 10,
  geocodeSingleLimit: 1,
  milesToKm: 1.60934,
  metresPerKm: 1_000,
  circleFillOpacity: 0.35,
  gridGutter: 10,
  mapResizeDelayMs: 1_000,
  suggestionHideMs: 400,
  noResultFadeMs: 3_000,
  noItemsHeadingMs: 1_500,
  postFilterLayoutDelaysMs: [500, 1_000],
  layoutAfterLoadMs: 3_000,
  layoutAfterResizeMs: 500,
  resizeDebounceMs: 250,
  popupMapHeightPx: 400,
  minUrlLengthForLink: 3,
  autocompleteDelayMs: 300,
  autocompleteMinLength: 1,
  layoutDragThrottleMs: 120,
  slider: { slidesShown: 1, autoplaySpeedMs: 3_000, speedMs: 500 },
  secondSlider: { slideshowSpeedMs: 7_000, animationMs: 600 },
} as const;

/** spec/directory-lightbox-theme.md, section 9, "Lightbox". */
export const LIGHTBOX = {
  overlayOpacity: 0.85,
  showHideMs: 300,
  speedNamesMs: { fast: 100, normal: 400, slow: 800 },
  switchMs: 500,
  fadeMs: 200,
  loadedFadeMs: 180,
  repositionMs: 200,
  slideshowPauseMs: 5_000,
  thumbnail: { maxWidth: 120, maxHeight: 80, opacity: 1, activeOpacity: 0.6 },
  scale: { min: 0.2, max: 1, siteMin: 0.075 },
  sideOffsetPx: 45,
  mobileBreakpointPx: 980,
  hashLockMs: 55,
  arrowHideMs: 3_000,
  captionMaxHolderShare: 0.5,
  vimeoPollMs: 50,
  hashChangeDelayMs: 50,
  youtubeAutoplayRetries: 5,
  youtubeAutoplayRetryMs: 325,
  videoSliderPauseAfterPlayMs: 300,
  wheelResetMs: 200,
  swipe: { minMainAxisPx: 100, maxCrossAxisPx: 100, maxDurationMs: 1_000 },
  infiniteLoopMinItems: 3,
  popup: { escKeyCode: 27, zoomMs: 300, preloadBefore: 0, preloadAfter: 2 },
  share: { width: 640, height: 360 },
  youtubeIdLength: 11,
  extensions: ['bmp', 'gif', 'jpeg', 'jpg', 'png', 'tiff', 'tif', 'jfif', 'jpe', 'svg', 'mp4', 'ogg', 'webm', 'webp'],
} as const;

/** spec/directory-lightbox-theme.md, section 9, "Theme". */
export const THEME = {
  liveSearchDebounceMs: 500,
  dropdownTransitionMs: 300,
  backToTopThresholdPx: 200,
  backToTopScrollMs: 1_200,
  stickyShrinkMs: 300,
  stickyShrunkHeightPx: 65,
  elasticSlider: { intervalMs: 3_000, speedMs: 800, thumbMaxWidthPx: 150, animation: 'sides', autoplay: false },
  anchorScrollPhasesMs: [400, 450],
  mobileSubMenuSlideMs: 200,
  escKeyCode: 27,
  tablet: { minWidth: 768, maxPortraitWidth: 1366, maxLandscapeWidth: 1024 },
  secondaryMenuSeparatorMinWidthPx: 318,
  touchDetectionMs: 500,
  stepperDefaultStep: 1,
} as const;
