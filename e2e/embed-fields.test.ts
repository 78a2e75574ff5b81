import {
  DIRECTORY,
  EMBED_FIELDS,
  EMBED_FIELD_NAMES,
  EVENT_TOKEN_FIELD,
  VISIBLE_FIELDS_FIELD,
  type EmbedFieldName,
} from '@waymark/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryData } from './support/directory.js';
import type { TrackedPage } from './support/browser.js';
import { withBrowser } from './support/with-browser.js';

/**
 * Issue 14, "a test for every embed field proves it changes the embed page (or is refused when
 * bad)": each field of the page, set away from its default, changes what the visitor's browser
 * shows, and a bad value shows exactly the default page. The page is compared as rendered after
 * hydration, less what differs between any two visits (nonces, the map's tiles and positions).
 * `credittitle` and `creditlink` shape the snippet, not the page (`e2e/embed.test.ts`).
 */

/** Fields that only act together with others: the page that lets them show. */
const CONTEXT: Partial<Record<EmbedFieldName, Record<string, string>>> = {
  list_id: { mode: 'one' },
  category: { mode: 'category' },
  // "one" with no list shows every list, as "all" does: the list it names makes the difference.
  mode: { list_id: 'LIST' },
  showmaponly: { map: 'true' },
  distance_search: { map: 'true' },
  marker_cluster: { map: 'true' },
  image_infowindow: { map: 'true' },
  enable_map_fullwidth: { map: 'true' },
  enable_map_fullscreen: { map: 'true' },
  enable_map_toggle_filter: { map: 'true' },
  map_position: { map: 'true' },
  per_page: { paginate_items: 'true' },
  enable_tag_filter_dropdown: { enable_tag_filter: 'true' },
  filterorderby: { enable_left_filter: 'true' },
};
const SNIPPET_ONLY: readonly EmbedFieldName[] = ['credittitle', 'creditlink'];

/** A value of the field other than its default, from the site's own data where it needs one. */
function changed(name: EmbedFieldName, site: { list: number; category: string }): string {
  const spec = EMBED_FIELDS[name];
  switch (spec.kind) {
    case 'flag':
      return String(!spec.default);
    case 'choice':
      return spec.values.find((value) => value !== spec.default) ?? '';
    case 'whole':
      if (name === 'list_id') return String(site.list);
      if (name === 'per_page') return '2';
      return String(Math.max(spec.min, 23));
    default:
      return name === 'category' ? site.category : 'x';
  }
}

/** A value the field must refuse. */
const bad = (name: EmbedFieldName) => (EMBED_FIELDS[name].kind === 'whole' ? '-7' : '<b>nonsense</b>');

/** The page as the visitor sees it, without what changes from one visit to the next. */
async function rendered(page: Page): Promise<string> {
  // The map loads after hydration: wait until it is built and has come to rest (its first view
  // zooms to fit the markers), its markers in the same place for a few frames.
  await page.waitForFunction(() => !document.querySelector('.wm-map-area--loading'), null, { timeout: 15_000 });
  if (await page.locator('.wm-map').count()) {
    // The map measures itself again a moment after it is built (and may move then): look after.
    await page.waitForTimeout(DIRECTORY.mapResizeDelayMs + 250);
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const where = () =>
            [...document.querySelectorAll('.leaflet-marker-icon, .leaflet-zoom-anim, .leaflet-pan-anim')]
              .map((e) => `${e.className}${(e as HTMLElement).style.transform}`)
              .join();
          const first = where();
          let frames = 0;
          const tick = () => {
            if (where() !== first || document.querySelector('.leaflet-zoom-anim')) return resolve(false);
            if (++frames >= 5) return resolve(true);
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      null,
      { timeout: 15_000, polling: 100 },
    );
  }
  return page.evaluate(
    (shieldFields) => {
      const root = (document.querySelector('.embed') ?? document.body).cloneNode(true) as HTMLElement;
      // The spam shield adds its fields to each form when it wires it, at the page's first idle
      // moment: sooner or later than this look, they are not the embed's.
      for (const name of shieldFields)
        for (const input of root.querySelectorAll(`input[name="${name}"]`)) input.remove();
      for (const pane of root.querySelectorAll('.leaflet-tile-pane, .leaflet-shadow-pane')) pane.replaceChildren();
      for (const element of root.querySelectorAll('.leaflet-container *, .leaflet-container')) {
        element.removeAttribute('style');
        element.removeAttribute('src');
      }
      for (const input of root.querySelectorAll('input[type="hidden"]')) input.removeAttribute('value');
      for (const element of root.querySelectorAll('[nonce]')) element.removeAttribute('nonce');
      // Sealed contacts are sealed afresh for every visit.
      for (const element of root.querySelectorAll('[data-original-string]'))
        element.removeAttribute('data-original-string');
      return `${root.getAttribute('class') ?? ''}|${root.getAttribute('style') ?? ''}|${root.outerHTML}`;
    },
    [VISIBLE_FIELDS_FIELD, EVENT_TOKEN_FIELD],
  );
}

/** Where two renderings part, for a failure's message. */
function difference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  return `\n  ${a.slice(Math.max(0, at - 150), at + 150)}\n  ≠\n  ${b.slice(Math.max(0, at - 150), at + 150)}`;
}

describe('every embed field changes the embed page', { timeout: 600_000 }, () => {
  const site = withBrowser();
  const known = { list: 0, category: '' };
  const seen = new Map<string, string>();

  beforeAll(async () => {
    const tracked = await site.visit('/');
    const data = await directoryData(tracked.page);
    // The second list and the second category: neither is what the default page starts with.
    known.list = data.lists[1]?.id ?? 0;
    known.category = data.categories[1]?.slug ?? '';
    await tracked.close();
  });
  // One page visits every embed in turn: the embed page keeps nothing of a visit that changes the
  // next (the same fields render the same after others, the first test proves), and a fresh
  // browser context for each of some hundred visits cost two thirds of this file's time.
  let viewer: TrackedPage | undefined;
  afterAll(async () => {
    seen.clear();
    await viewer?.close();
  });

  async function look(query: Record<string, string>): Promise<string> {
    const key = new URLSearchParams(query).toString();
    const cached = seen.get(key);
    if (cached !== undefined) return cached;
    viewer ??= await site.open({ viewport: { width: 1280, height: 900 } });
    await site.go(viewer.page, `/embed?${key}`);
    const view = await rendered(viewer.page);
    expect(viewer.errors, `${key}: ${viewer.errors.join('\n')}`).toEqual([]);
    seen.set(key, view);
    return view;
  }

  it('renders the same page twice for the same fields, so a difference means the field', async () => {
    const bases: Record<string, string>[] = [{}, { map: 'true' }];
    for (const base of bases) {
      const first = await look(base);
      const tracked = await site.open({ viewport: { width: 1280, height: 900 } });
      await site.go(tracked.page, `/embed?${new URLSearchParams(base).toString()}`);
      const second = await rendered(tracked.page);
      expect(second === first, difference(first, second)).toBe(true);
      await tracked.close();
    }
  });

  const pageFields = EMBED_FIELD_NAMES.filter((name) => !SNIPPET_ONLY.includes(name));
  /** The fields the field needs beside it, with the site's own list where it names one. */
  const baseOf = (name: EmbedFieldName): Record<string, string> =>
    Object.fromEntries(
      Object.entries(CONTEXT[name] ?? {}).map(([field, value]) => [
        field,
        value === 'LIST' ? String(known.list) : value,
      ]),
    );

  it.each(pageFields)('%s', async (name) => {
    const base = baseOf(name);
    const before = await look(base);
    const after = await look({ ...base, [name]: changed(name, known) });
    expect(after, `${name}=${changed(name, known)} left the page as it was`).not.toBe(before);
  });

  it('refuses a bad value of every field: the page is the one without it', async () => {
    // One visit per set of companion fields, carrying every bad value that set allows at once.
    const groups = new Map<string, EmbedFieldName[]>();
    for (const name of pageFields) {
      const key = new URLSearchParams(baseOf(name)).toString();
      groups.set(key, [...(groups.get(key) ?? []), name]);
    }
    for (const names of groups.values()) {
      const base = baseOf(names[0] as EmbedFieldName);
      const bads = Object.fromEntries(names.filter((name) => !(name in base)).map((name) => [name, bad(name)]));
      const before = await look(base);
      const refused = await look({ ...base, ...bads });
      expect(refused === before, `${JSON.stringify(bads)} changed the page: ${difference(before, refused)}`).toBe(true);
    }
  });
});
