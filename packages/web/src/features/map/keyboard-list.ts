import L from 'leaflet';
import type { PlacedItem } from './placed-item.js';
import type { PointLayer } from './point-layer.js';

/** The canvas's markers the keyboard reaches: those nearest the view's centre, up to this many. */
const KEYBOARD_MARKERS_MAX = 100;
const KEYS_DELAY_MS = 100;

export interface KeyboardListOptions {
  map: L.Map;
  points: PointLayer;
  /** The points' pane, where the ring around the focused button's marker is drawn. */
  pane: HTMLElement;
  /** Where the buttons go (a list), if anywhere. */
  list: HTMLElement | null | undefined;
  /** The item of a point on the canvas. */
  itemAt(at: number): PlacedItem | undefined;
  /** Opens an item's popup, moving the map to it. */
  open(item: PlacedItem): void;
}

/** Which map's list last filled a keyboard list (each tab's map shares the area's one list). */
const listedBy = new WeakMap<HTMLElement, KeyboardList>();

/**
 * The keyboard's way to the markers on the canvas: a button for each of those in view nearest
 * its centre, which opens the marker's popup and rings the marker while it has focus; Escape in
 * the list closes the popup.
 */
export class KeyboardList {
  readonly #options: KeyboardListOptions;
  /** The list's items, in its order, as last built. */
  #listed: readonly PlacedItem[] = [];
  #listedMore = '';
  readonly #focusRing: HTMLElement;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: KeyboardListOptions) {
    this.#options = options;
    this.#focusRing = L.DomUtil.create('div', 'wm-map__focus', options.pane);
    this.#focusRing.hidden = true;
    const { list, map } = options;
    list?.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') map.closePopup();
    });
    if (list) this.#listEvents(list);
  }

  /** The list waits for the markers to be painted, and for the last of many moves. */
  listSoon(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#list(), KEYS_DELAY_MS);
  }

  destroy(): void {
    clearTimeout(this.#timer);
  }

  #list(): void {
    const { list, map, points, itemAt } = this.#options;
    // Only the shown tab's map speaks for the keyboard.
    if (!list || map.getContainer().hidden) return;
    // Never pull the focused button away (a popup's pan moves the map): once focus leaves.
    if (list.contains(document.activeElement)) {
      list.addEventListener('focusout', () => this.listSoon(), { once: true });
      return;
    }
    const { nearest, total } = points.nearestInView(KEYBOARD_MARKERS_MAX);
    // North to south, west to east: the order a reader meets them on the map.
    const at = new Map(nearest.map((one) => [one, points.layerPoint(one)]));
    const ordered = nearest.sort((a, b) => {
      const pa = at.get(a) as L.Point;
      const pb = at.get(b) as L.Point;
      return pa.y - pb.y || pa.x - pb.x;
    });
    const items = ordered.map((at) => itemAt(at) as PlacedItem);
    const more =
      total > ordered.length ? `${total - ordered.length} more places in this view: zoom in to reach them.` : '';
    // A move that keeps the same places in reach keeps the list: no new elements to style.
    if (listedBy.get(list) === this && more === this.#listedMore && sameItems(items, this.#listed)) {
      ordered.forEach((at, i) => ((list.children[i] as HTMLElement).dataset.at = String(at)));
      return;
    }
    listedBy.set(list, this);
    this.#listed = items;
    this.#listedMore = more;
    const rows: HTMLElement[] = items.map((item, i) => {
      const row = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = item.title;
      row.dataset.at = String(ordered[i]);
      row.append(button);
      return row;
    });
    if (more) {
      const row = document.createElement('li');
      row.className = 'wm-map__more';
      row.textContent = more;
      rows.push(row);
    }
    list.replaceChildren(...rows);
  }

  /** The list's buttons, answered by one listener each on the list: which canvas point a button is for. */
  #listEvents(list: HTMLElement): void {
    const { map, itemAt, open } = this.#options;
    const pointOf = (event: Event): number => {
      // Every tab's map listens to the one list; the shown one answers.
      if (listedBy.get(list) !== this || map.getContainer().hidden) return -1;
      const row = (event.target as Element | null)?.closest?.('li[data-at]');
      return row instanceof HTMLElement && list.contains(row) ? Number(row.dataset.at) : -1;
    };
    list.addEventListener('click', (event) => {
      const item = itemAt(pointOf(event));
      if (item) open(item);
    });
    list.addEventListener('focusin', (event) => {
      const at = pointOf(event);
      if (at >= 0) this.#ring(at);
    });
    list.addEventListener('focusout', () => (this.#focusRing.hidden = true));
  }

  /** Rings a canvas marker, so the keyboard's focus shows on the map too. */
  #ring(at: number): void {
    const point = this.#options.points.layerPoint(at);
    L.DomUtil.setPosition(this.#focusRing, point);
    this.#focusRing.hidden = false;
  }
}

function sameItems(a: readonly PlacedItem[], b: readonly PlacedItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
