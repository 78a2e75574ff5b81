import { SHIELD, SIGNAL } from '@waymark/protocol/plain';
import { pub, str } from './config.js';
import type { Scope } from './events.js';
import type { Store } from './store.js';

/**
 * The page's signals (spec section 3, "Stored client data"), each under its exact storage name.
 * Every collector records what the specification says and stops where it says to stop.
 */

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Session id, page hits, the site and previous referrer and the current page. */
export function recordVisit(store: Store): void {
  if (!store.get(SIGNAL.sessionId)) store.set(SIGNAL.sessionId, randomHex(16));
  store.set(SIGNAL.pageHits, (Number(store.get(SIGNAL.pageHits)) || 0) + 1);
  const referrer = document.referrer;
  if (referrer) {
    store.set(SIGNAL.prevReferer, referrer);
    const external = new URL(referrer, location.href).host !== location.host;
    if (external && !store.get(SIGNAL.siteReferer)) store.set(SIGNAL.siteReferer, referrer);
  }
  store.set(SIGNAL.currentPage, location.href);
}

/** Facts about the page and the browser, recorded once at start. */
export function recordEnvironment(store: Store): void {
  store.set(SIGNAL.pageSet, Date.now());
  store.set(SIGNAL.timezone, (0 - new Date().getTimezoneOffset()) / 60);
  store.set(SIGNAL.screen, {
    fullWidth: screen.width,
    fullHeight: screen.height,
    visibleWidth: innerWidth,
    visibleHeight: innerHeight,
  });
  store.set(SIGNAL.headless, navigator.webdriver === true);
  store.set(SIGNAL.language, navigator.language);
  store.set(SIGNAL.checkJs, str(pub().ct_checkjs_key));
  store.set(SIGNAL.cookiesType, store.mode);
}

/** First key or mouse press, mouse moved, scrolled, input focused, key up: each recorded once. */
export function watchFirsts(store: Store, scope: Scope): void {
  scope.once(window, ['keydown', 'mousedown', 'touchstart'], () => store.set(SIGNAL.firstKeyPress, Date.now()));
  scope.once(window, ['mousemove'], () => store.set(SIGNAL.mouseMoved, true));
  scope.once(window, ['scroll', 'wheel', 'touchmove'], () => store.set(SIGNAL.scrolled, true));
  scope.once(window, ['keyup'], () => store.set(SIGNAL.keyUp, true));
  const off = scope.listen(document, ['focusin'], (event) => {
    if (!(event.target instanceof Element) || !event.target.matches('input,textarea,select')) return;
    off();
    store.set(SIGNAL.inputFocused, true);
  });
}

/**
 * One pointer sample per 150 ms, at most 50 of [y, x, elapsed ms], written every 1200 ms: a
 * mouse's moves, and a finger's drags (a phone's scroll is a person's path too).
 */
export function watchPointer(store: Store, scope: Scope): void {
  const started = Date.now();
  const points: [number, number, number][] = [];
  let ready = true;
  const write = () => store.set(SIGNAL.pointer, points.slice());
  const stopReading = scope.every(SHIELD.mouseSampleMs, () => (ready = true));
  const stopWriting = scope.every(SHIELD.mouseWriteMs, write);
  const off = scope.listen(window, ['mousemove', 'touchmove'], (event) => {
    if (!ready) return;
    ready = false;
    const { clientX, clientY } = (event as TouchEvent).touches?.[0] ?? (event as MouseEvent);
    points.push([Math.round(clientY), Math.round(clientX), Date.now() - started]);
    if (points.length >= SHIELD.mouseMaxPoints) {
      off();
      stopReading();
      stopWriting();
      write();
    }
  });
}

/** Whether an error comes from this layer: its file, or a message or stack that names it. */
const OURS = /shield|apbct|ctPublic/i;

/** JS errors that mention the layer, deduplicated by message, sampled at about 1 in 100. */
export function watchErrors(store: Store, scope: Scope): void {
  scope.listen(window, ['error'], (event) => {
    const { message, filename, error } = event as ErrorEvent;
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    if (!OURS.test(`${filename} ${message} ${stack}`)) return;
    if (Math.random() >= SHIELD.jsErrorSampleRate) return;
    const list = (store.get(SIGNAL.jsErrors) as { err: string }[] | undefined) ?? [];
    if (list.some((item) => item.err === message)) return;
    store.set(SIGNAL.jsErrors, [...list, { err: message, url: location.href, ts: Date.now() }]);
  });
}
