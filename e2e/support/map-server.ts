import { directorySettings, mapSettings, type DirectorySettings, type MapSettings } from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { openStorage } from '../../packages/server/src/db/connect.js';
import { writeSetting } from '../../packages/server/src/settings/store.js';
import { startServer, type RunningServer } from '../../tools/start-server.js';

/** Every item gets this marker picture, so each marker is an element a test can point at. */
export const TEST_MARKER = '/media/seed/markers/marker-red.svg';

export interface MapServer extends RunningServer {
  /** Stores the map settings (over the defaults with the map on) and the directory's. */
  configure(map?: Partial<MapSettings>, directory?: Partial<DirectorySettings>): Promise<void>;
  /**
   * A page's address as of the last `configure`: the server keeps a rendered page until its own
   * writes raise the content version, which a write from this process does not, so each
   * configuration asks for an address of its own.
   */
  address(path?: string): string;
}

/** A server of its own for a map test file, with a small seeded directory and the map on. */
export async function startMapServer(env: Record<string, string> = {}): Promise<MapServer> {
  const server = await startServer({ SEED_ITEMS: '120', ...env }, 180_000);
  let configured = 0;
  const configure = async (map: Partial<MapSettings> = {}, directory: Partial<DirectorySettings> = {}) => {
    configured += 1;
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      await writeSetting(storage, mapSettings, { map: true, globalMarker: TEST_MARKER, ...map });
      await writeSetting(storage, directorySettings, directory);
    } finally {
      await storage.db.destroy();
    }
  };
  await configure();
  const address = (path = '/') => `${server.url}${path}${path.includes('?') ? '&' : '?'}configured=${configured}`;
  return { ...server, configure, address };
}

/** Scrolls the map to the middle of the window, as a person would before pointing at it. */
export async function scrollToMap(page: Page): Promise<void> {
  await page.locator('.wm-map.leaflet-container:not([hidden])').first().scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelector('.wm-map-area')?.scrollIntoView({ block: 'center' }));
}

/** The markers the map shows: one picture per item, named by its title. */
export const markers = (page: Page) => page.locator('.wm-map img.leaflet-marker-icon');

/** The placed items of the page data: id, title and position. */
export async function placedItems(page: Page): Promise<{ id: number; title: string; lat: number; lon: number }[]> {
  return page.evaluate(() => {
    const text = document.getElementById('waymark-page')?.textContent ?? '{}';
    const items = (JSON.parse(text) as { data: { directory: { items: unknown[][] } } }).data.directory.items;
    return items
      .filter((c) => c[10] !== null && c[11] !== null)
      .map((c) => ({ id: c[0] as number, title: c[2] as string, lat: c[10] as number, lon: c[11] as number }));
  });
}

/** How long `uncovered` waits for the map to come to rest: a fit or a pan on a busy machine. */
const SETTLE_MS = 15_000;
/** Frames in a row the markers must keep their places before the map counts as at rest. */
const STILL_FRAMES = 5;

/**
 * The names (alt text or label) of the map's markers or clusters that a pointer reaches: what
 * `locator.hover()` or `click()` on the first element of that name would hit, not a neighbour
 * drawn on top of it.
 *
 * It first waits for the map to come to rest. The first view fits its bounds with an animated
 * zoom that starts a frame after the map is built, and a hover popup pans the map; markers far
 * apart mid-zoom overlap once it ends, so a marker picked while the map moves can be covered
 * by the time the pointer comes.
 *
 * It then asks what is on top where Playwright points: the middle of the element's content box,
 * which needs no scroll when the whole box is inside the window and inside the map (an overflow
 * container a scroll into view would move). The points around it are asked too, so rounding of
 * a fraction of a pixel cannot land on a neighbour. A name that several elements share counts
 * by its first element in document order, the one a locator's `.first()` picks.
 */
export async function uncovered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    async ([css, waitMs, stillFrames]) => {
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const maps = () => [...document.querySelectorAll<HTMLElement>('.wm-map.leaflet-container:not([hidden])')];
      const elements = () => [...document.querySelectorAll<HTMLElement>(css)];
      const moving = () =>
        maps().some((map) => map.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim') !== null) ||
        document.getAnimations().some((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          // An endless animation (a pulsing dot) moves nothing a pointer aims at.
          const endless = animation.effect?.getComputedTiming().iterations === Infinity;
          return (
            animation.playState === 'running' &&
            !endless &&
            target instanceof Element &&
            target.closest('.wm-map') !== null
          );
        });
      const places = () =>
        elements()
          .map((element) => {
            const box = element.getBoundingClientRect();
            return `${box.left},${box.top},${box.width},${box.height}`;
          })
          .join(';');

      const deadline = performance.now() + waitMs;
      let last = '';
      let still = 0;
      while (still < stillFrames) {
        if (performance.now() > deadline) throw new Error(`The map never came to rest under ${css}`);
        await frame();
        const now = places();
        still = !moving() && now === last && now !== '' ? still + 1 : 0;
        last = now;
      }

      const inside = (box: DOMRect, outer: DOMRect) =>
        box.left >= outer.left && box.top >= outer.top && box.right <= outer.right && box.bottom <= outer.bottom;
      const view = new DOMRect(0, 0, innerWidth, innerHeight);
      const seen = new Set<string>();
      const names: string[] = [];
      for (const element of elements()) {
        const name = element.getAttribute('alt') ?? element.getAttribute('aria-label') ?? '';
        if (seen.has(name)) continue;
        seen.add(name);
        const box = element.getBoundingClientRect();
        const map = element.closest('.wm-map')?.getBoundingClientRect();
        if (!map || !inside(box, view) || !inside(box, map)) continue;
        // Playwright's point is the middle of the content quad: inside the border and padding.
        const style = getComputedStyle(element);
        const edge = (side: string) =>
          parseFloat(style.getPropertyValue(`border-${side}-width`)) +
          parseFloat(style.getPropertyValue(`padding-${side}`));
        const x = (box.left + edge('left') + box.right - edge('right')) / 2;
        const y = (box.top + edge('top') + box.bottom - edge('bottom')) / 2;
        const around = [
          [0, 0],
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ];
        const reached = around.every(([dx = 0, dy = 0]) => {
          const hit = document.elementFromPoint(x + dx, y + dy);
          return hit !== null && (hit === element || element.contains(hit));
        });
        if (reached) names.push(name);
      }
      return names;
    },
    [selector, SETTLE_MS, STILL_FRAMES] as const,
  );
}
