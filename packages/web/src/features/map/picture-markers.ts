import { DIRECTORY, type MapSettings } from '@waymark/protocol';
import L from 'leaflet';
import type { PlacedItem } from './placed-item.js';

/**
 * Up to this many markers on screen, a marker picture is an element of its own (focusable, named
 * by its item); above it, pictures are drawn on the canvas like the dots.
 */
const ELEMENT_MARKERS_MAX = 1_500;

/** The item's own marker, else the paid marker for a paid item, else the global one; '' for a dot. */
export function markerPicture(settings: MapSettings, item: PlacedItem): string {
  return item.marker || (item.paid && settings.paidMarker) || settings.globalMarker || '';
}

export interface PictureMarkersOptions {
  settings: MapSettings;
  /** Opens an item's popup. */
  open(item: PlacedItem): void;
  /** The map is at rest with pictures waiting on the canvas: place these items again, now. */
  replace(items: readonly PlacedItem[]): void;
}

/** The part of Leaflet's map this module reads that its typings leave out. */
interface ZoomInternals {
  _animatingZoom?: boolean;
}

/**
 * The picture markers that are elements of their own (focusable, named) while there are few; the
 * rest of the markers (dots, and pictures above that) go on the one canvas.
 *
 * Making and removing marker elements costs far more than stamping pictures on the canvas, so
 * after the first placing a change (a filter, a cluster opening) shows at once on the canvas: the
 * pictures that become elements are stamped there meanwhile, those that go are hidden, and the
 * elements are made and removed once the map is at rest (`#settle`).
 */
export class PictureMarkers {
  readonly #map: L.Map;
  readonly #options: PictureMarkersOptions;
  /** The picture markers shown, by item id: those still shown after a draw keep their element. */
  readonly #shown = new Map<number, L.Marker>();
  /** The items last placed, and whether some of their pictures wait on the canvas for an element. */
  #placed: readonly PlacedItem[] = [];
  #coming = false;
  /** Picture markers no longer shown: hidden at once, taken out of the page with the coming ones. */
  #leaving: L.Marker[] = [];
  #settling = 0;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  #placedOnce = false;

  constructor(map: L.Map, options: PictureMarkersOptions) {
    this.#map = map;
    this.#options = options;
  }

  /**
   * Places these items' picture markers, as elements at once when `now`, and answers the items
   * the canvas draws instead, in their order.
   */
  place(items: readonly PlacedItem[], now = !this.#placedOnce): PlacedItem[] {
    this.#placedOnce = true;
    this.#placed = items;
    const elements = items.length <= ELEMENT_MARKERS_MAX;
    const onCanvas: PlacedItem[] = [];
    const pictures = new Set<number>();
    let coming = false;
    for (const item of items) {
      if (elements && markerPicture(this.#options.settings, item)) {
        pictures.add(item.id);
        if (now || this.#shown.has(item.id)) continue;
        coming = true;
      }
      onCanvas.push(item);
    }
    this.#coming = coming;
    // A filter mostly keeps some of the markers: theirs stay as they are, only the rest change.
    for (const [id, marker] of this.#shown) {
      if (pictures.has(id)) continue;
      this.#shown.delete(id);
      if (now) {
        marker.remove();
      } else {
        marker.getElement()?.style.setProperty('display', 'none');
        this.#leaving.push(marker);
      }
    }
    if (now) {
      for (const item of items) {
        if (!pictures.has(item.id) || this.#shown.has(item.id)) continue;
        const marker = this.#marker(item);
        this.#shown.set(item.id, marker);
        marker.addTo(this.#map);
      }
    }
    if (coming || this.#leaving.length > 0) this.#settleSoon();
    return onCanvas;
  }

  destroy(): void {
    cancelAnimationFrame(this.#settling);
    clearTimeout(this.#settleTimer);
  }

  /** After the coming frame is painted, and once a zoom under way has ended. */
  #settleSoon(): void {
    if (this.#settling || this.#settleTimer) return;
    this.#settling = requestAnimationFrame(() => {
      this.#settling = 0;
      this.#settleTimer = setTimeout(() => {
        this.#settleTimer = undefined;
        this.#settle();
      });
    });
  }

  /** The marker elements the last change called for: the leaving ones out, the coming ones in. */
  #settle(): void {
    if ((this.#map as unknown as ZoomInternals)._animatingZoom) {
      this.#map.once('zoomend', () => this.#settleSoon());
      return;
    }
    for (const marker of this.#leaving) marker.remove();
    this.#leaving = [];
    if (this.#coming) this.#options.replace(this.#placed);
  }

  #marker(item: PlacedItem): L.Marker {
    const { settings, open } = this.#options;
    const layer = L.marker([item.lat, item.lon], {
      icon: L.icon({
        iconUrl: markerPicture(settings, item),
        iconSize: [settings.markerWidth, settings.markerHeight],
        iconAnchor: [DIRECTORY.markerAnchor[0], DIRECTORY.markerAnchor[1]],
        popupAnchor: [DIRECTORY.popupAnchor[0], DIRECTORY.popupAnchor[1]],
      }),
      alt: item.title,
      title: item.title,
    });
    layer.on('click', () => open(item));
    if (!settings.popupOnClick) layer.on('mouseover', () => open(item));
    return layer;
  }
}
