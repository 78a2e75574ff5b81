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
}

/** A server of its own for a map test file, with a small seeded directory and the map on. */
export async function startMapServer(env: Record<string, string> = {}): Promise<MapServer> {
  const server = await startServer({ SEED_ITEMS: '120', ...env }, 180_000);
  const configure = async (map: Partial<MapSettings> = {}, directory: Partial<DirectorySettings> = {}) => {
    const storage = openStorage({ dataDir: server.dataDir });
    try {
      await writeSetting(storage, mapSettings, { map: true, globalMarker: TEST_MARKER, ...map });
      await writeSetting(storage, directorySettings, directory);
    } finally {
      await storage.db.destroy();
    }
  };
  await configure();
  return { ...server, configure };
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

/**
 * The names (alt text or label) of the map's markers or clusters that nothing covers at their
 * centre, so a pointer there reaches them and not a neighbour drawn on top.
 */
export async function uncovered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const names: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(css)) {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit === element || element.contains(hit)) {
        names.push(element.getAttribute('alt') ?? element.getAttribute('aria-label') ?? '');
      }
    }
    return names;
  }, selector);
}
