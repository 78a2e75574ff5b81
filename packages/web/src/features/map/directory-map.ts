import { DIRECTORY, type DirectoryItem, type MapSettings } from '@waymark/protocol';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { addBaseLayer, maxZoomOf, type Tiles } from './base-layer.js';
import { PointLayer, type PointLook } from './point-layer.js';

/** An item that has a place on the map. */
export type PlacedItem = DirectoryItem & { lat: number; lon: number };

export const isPlaced = (item: DirectoryItem | undefined): item is PlacedItem =>
  item !== undefined && item.lat !== null && item.lon !== null;

export interface DirectoryMapOptions {
  settings: MapSettings;
  tiles: Tiles;
  minZoom: number;
  /** The visitor's stored position, which the map starts at when there is one. */
  start: [number, number] | null;
  /** The content of an item's marker popup. */
  popup(item: PlacedItem): { element: HTMLElement; dispose(): void };
  /** Where the keyboard's buttons for the markers on the canvas go (a list), if anywhere. */
  keys?: HTMLElement | null;
}

/** A paid item's marker colour when no paid marker picture is set. */
const PAID_COLOUR = '#b45309';
const MARKER_COLOUR = '#1d4ed8';
/** Supercluster's cluster radius in pixels and the zoom above which nothing clusters. */
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 16;
/**
 * Up to this many markers on screen, a marker picture is an element of its own (focusable, named
 * by its item); above it, pictures are drawn on the canvas like the dots.
 */
const ELEMENT_MARKERS_MAX = 1_500;
/** The canvas's markers the keyboard reaches: those nearest the view's centre, up to this many. */
const KEYBOARD_MARKERS_MAX = 100;
const POINTS_PANE = 'wm-points';
const CIRCLE_PANE = 'wm-circle';
/**
 * How far the markers' canvas reaches beyond the view, as a share of its size (Leaflet's own
 * default). Every change of the markers paints that whole canvas and hands it to the compositor
 * (a copy of every pixel where the browser draws without a GPU): half the view on each side
 * would be four times the view's pixels, a tenth is under one and a half. A long drag shows the
 * markers beyond it when the drag ends; the countries' canvas keeps a wider margin.
 */
const POINTS_PADDING = 0.1;
const KEYS_DELAY_MS = 100;

/**
 * The directory's Leaflet map: markers of the items it is given on one canvas (pictures where
 * a marker picture applies), clustered with Supercluster when the setting is on, one popup at a
 * time, and the radius search's circle.
 */
export class DirectoryMap {
  readonly map: L.Map;
  readonly #options: DirectoryMapOptions;
  readonly #renderer: L.Canvas;
  readonly #points: PointLayer;
  /** The items the canvas draws, in its order. */
  #pointItems: PlacedItem[] = [];
  /** The clusters' markers, made again at each draw. */
  readonly #markers = L.layerGroup();
  /** The picture markers shown, by item id: those still shown after a draw keep their element. */
  readonly #pictures = new Map<number, L.Marker>();
  /** The items last placed, and whether some of their pictures wait on the canvas for an element. */
  #placed: readonly PlacedItem[] = [];
  #coming = false;
  /** Picture markers no longer shown: hidden at once, taken out of the page with the coming ones. */
  #leaving: L.Marker[] = [];
  #settling = 0;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  #placedOnce = false;
  /** The keyboard list's items, in its order, as last built. */
  #listed: readonly PlacedItem[] = [];
  #listedMore = '';
  #items: readonly PlacedItem[] = [];
  readonly #focusRing: HTMLElement;
  #keysTimer: ReturnType<typeof setTimeout> | undefined;
  #cluster: Supercluster<{ index: number }> | null = null;
  #circle: L.Circle | null = null;
  /** The circle's own renderer: drawing it leaves the countries' canvas and the markers' alone. */
  readonly #circleRenderer: L.Renderer;
  readonly #popup: L.Popup;
  #disposePopup: (() => void) | null = null;
  readonly #timers: ReturnType<typeof setTimeout>[] = [];
  readonly #resizes: ResizeObserver;

  constructor(element: HTMLElement, options: DirectoryMapOptions) {
    this.#options = options;
    const { settings, tiles, minZoom } = options;
    this.#renderer = L.canvas({ padding: 0.5 });
    this.map = L.map(element, {
      renderer: this.#renderer,
      preferCanvas: true,
      minZoom,
      maxZoom: maxZoomOf(tiles),
      worldCopyJump: true,
    });
    this.map.attributionControl.setPrefix(false);
    addBaseLayer(this.map, tiles);
    this.#markers.addTo(this.map);
    // Above the base layer, below the points.
    this.map.createPane(CIRCLE_PANE).style.zIndex = '420';
    this.#circleRenderer = L.svg({ pane: CIRCLE_PANE });
    // Heard before the points' canvas hears it: the clusters' new leaves are then what that
    // canvas paints at the move's end, once, not the old ones and then the new ones.
    this.map.on('moveend', () => {
      if (this.#cluster) this.#draw();
      else this.#listKeysSoon();
    });
    const pane = this.map.createPane(POINTS_PANE);
    // Above the circle and the base layer, below the marker elements and the popups.
    pane.style.zIndex = '450';
    this.#points = new PointLayer({
      pane: POINTS_PANE,
      padding: POINTS_PADDING,
      onHover: (at) => {
        const item = this.#pointItems[at];
        if (item && !settings.popupOnClick) this.open(item);
      },
      onClick: (at) => {
        const item = this.#pointItems[at];
        if (item) this.open(item);
      },
    }).addTo(this.map);
    this.#focusRing = L.DomUtil.create('div', 'wm-map__focus', pane);
    this.#focusRing.hidden = true;
    this.#popup = L.popup({ autoPan: true, maxWidth: 280 });
    this.map.on('popupclose', () => {
      this.#disposePopup?.();
      this.#disposePopup = null;
    });
    options.keys?.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.map.closePopup();
    });
    if (options.keys) this.#listEvents(options.keys);
    const [lat, lon] = options.start ?? [settings.latitude, settings.longitude];
    this.map.setView([lat, lon], Math.max(minZoom, settings.zoom));
    // The container may still be settling into its place (spec: size recalculated after 1 s).
    this.#timers.push(setTimeout(() => this.map.invalidateSize(), DIRECTORY.mapResizeDelayMs));
    // Leaflet follows only the window's size; the container also changes on its own (the
    // keyboard's list taking room below it in full screen). Kept in place: only the edge moves.
    // A hidden tab's map (no width) is told when its tab shows again.
    this.#resizes = new ResizeObserver((entries) => {
      if (entries.some((entry) => entry.contentRect.width > 0)) this.map.invalidateSize({ pan: false });
    });
    this.#resizes.observe(element);
  }

  /** Shows these items' markers (re-clustered), fitting the view to them when `fit`. */
  show(items: readonly PlacedItem[], fit: boolean): void {
    this.#items = items;
    if (this.#options.settings.clustering) {
      this.#cluster = new Supercluster<{ index: number }>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
      this.#cluster.load(
        items.map((item, index) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [item.lon, item.lat] },
          properties: { index },
        })),
      );
    }
    if (fit && this.#options.settings.fitBounds && !this.#options.start && items.length > 0) {
      const bounds = L.latLngBounds(items.map((item) => [item.lat, item.lon]));
      this.map.fitBounds(bounds.pad(DIRECTORY.mapBoundsPadding));
    }
    this.#draw();
  }

  /** Opens an item's popup, moving the map to it when `pan`. */
  open(item: PlacedItem, pan = false): void {
    this.#disposePopup?.();
    const content = this.#options.popup(item);
    this.#disposePopup = content.dispose;
    const icon = this.#iconUrl(item);
    this.#popup.options.offset = icon ? L.point(DIRECTORY.popupAnchor[0], DIRECTORY.popupAnchor[1]) : L.point(0, -4);
    this.#popup.options.autoPan = pan || !this.#options.settings.popupOnClick;
    this.#popup.setLatLng([item.lat, item.lon]).setContent(content.element).openOn(this.map);
  }

  /** The radius search's circle, or none. */
  circle(centre: [number, number] | null, metres = 0): void {
    this.#circle?.remove();
    this.#circle = null;
    if (!centre) return;
    const colour = this.#options.settings.circleColour;
    this.#circle = L.circle(centre, {
      radius: metres,
      color: colour,
      fillColor: colour,
      fillOpacity: DIRECTORY.circleFillOpacity,
      interactive: false,
      pane: CIRCLE_PANE,
      renderer: this.#circleRenderer,
    }).addTo(this.map);
    if (metres > 0) {
      const { center, zoom } = (this.map as unknown as LeafletInternals)._getBoundsCenterZoom(this.#circle.getBounds());
      this.#viewTo(center, zoom);
    } else {
      this.#viewTo(L.latLng(centre), this.map.getZoom());
    }
  }

  /**
   * `setView`, except where the map is there already: Leaflet then still ends a "move" that
   * redraws every layer (the countries and all the markers) for the same picture, which a radius
   * search that only changes the distance would do every time.
   */
  #viewTo(center: L.LatLng, zoom: number): void {
    const map = this.map as unknown as LeafletInternals;
    const moving = map._animatingZoom || map._panAnim?._inProgress;
    const offset = this.map.latLngToContainerPoint(center).subtract(this.map.getSize().divideBy(2));
    if (!moving && zoom === this.map.getZoom() && Math.trunc(offset.x) === 0 && Math.trunc(offset.y) === 0) return;
    this.map.setView(center, zoom);
  }

  destroy(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    cancelAnimationFrame(this.#settling);
    clearTimeout(this.#settleTimer);
    clearTimeout(this.#keysTimer);
    this.#resizes.disconnect();
    this.#disposePopup?.();
    this.map.remove();
  }

  #draw(): void {
    this.#markers.clearLayers();
    const cluster = this.#cluster;
    if (!cluster) {
      this.#place(this.#items);
      return;
    }
    const bounds = this.map.getBounds();
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const zoom = Math.round(this.map.getZoom());
    const leaves: PlacedItem[] = [];
    for (const feature of cluster.getClusters(box, zoom)) {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
        index?: number;
      };
      if (props.cluster && props.cluster_id !== undefined) {
        this.#markers.addLayer(this.#clusterMarker(lat, lon, props.cluster_id, props.point_count ?? 0));
      } else {
        const item = this.#items[props.index ?? -1];
        if (item) leaves.push(item);
      }
    }
    this.#place(leaves);
  }

  /**
   * Markers for these items: a picture marker is an element of its own (focusable, named) while
   * there are few; dots, and pictures above that, go on the one canvas.
   *
   * Making and removing marker elements costs far more than stamping pictures on the canvas, so
   * after the first draw a change (a filter, a cluster opening) shows at once on the canvas: the
   * pictures that become elements are stamped there meanwhile, those that go are hidden, and the
   * elements are made and removed once the map is at rest (`#settle`).
   */
  #place(items: readonly PlacedItem[], now = !this.#placedOnce): void {
    this.#placedOnce = true;
    this.#placed = items;
    const elements = items.length <= ELEMENT_MARKERS_MAX;
    const onCanvas: PlacedItem[] = [];
    const pictures = new Set<number>();
    let coming = false;
    for (const item of items) {
      if (elements && this.#iconUrl(item)) {
        pictures.add(item.id);
        if (now || this.#pictures.has(item.id)) continue;
        coming = true;
      }
      onCanvas.push(item);
    }
    this.#coming = coming;
    // A filter mostly keeps some of the markers: theirs stay as they are, only the rest change.
    for (const [id, marker] of this.#pictures) {
      if (pictures.has(id)) continue;
      this.#pictures.delete(id);
      if (now) {
        marker.remove();
      } else {
        marker.getElement()?.style.setProperty('display', 'none');
        this.#leaving.push(marker);
      }
    }
    if (now) {
      for (const item of items) {
        if (!pictures.has(item.id) || this.#pictures.has(item.id)) continue;
        const marker = this.#marker(item);
        this.#pictures.set(item.id, marker);
        marker.addTo(this.map);
      }
    }
    if (coming || this.#leaving.length > 0) this.#settleSoon();
    const { settings } = this.#options;
    const looks: PointLook[] = [];
    const lookAt = new Map<string, number>();
    const look = new Uint16Array(onCanvas.length);
    const lat = new Float64Array(onCanvas.length);
    const lon = new Float64Array(onCanvas.length);
    onCanvas.forEach((item, i) => {
      const url = this.#iconUrl(item);
      const colour = item.paid && settings.defaultPaidMarker ? PAID_COLOUR : MARKER_COLOUR;
      const key = url || colour;
      let at = lookAt.get(key);
      if (at === undefined) {
        at = looks.length;
        lookAt.set(key, at);
        looks.push(
          url
            ? {
                kind: 'picture',
                url,
                size: [settings.markerWidth, settings.markerHeight],
                anchor: [DIRECTORY.markerAnchor[0], DIRECTORY.markerAnchor[1]],
              }
            : { kind: 'dot', colour },
        );
      }
      look[i] = at;
      lat[i] = item.lat;
      lon[i] = item.lon;
    });
    this.#pointItems = onCanvas;
    this.#points.setPoints(lat, lon, look, looks);
    this.#listKeysSoon();
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
    if ((this.map as unknown as LeafletInternals)._animatingZoom) {
      this.map.once('zoomend', () => this.#settleSoon());
      return;
    }
    for (const marker of this.#leaving) marker.remove();
    this.#leaving = [];
    if (this.#coming) this.#place(this.#placed, true);
  }

  /**
   * The keyboard's way to the markers on the canvas: a button for each of those in view nearest
   * its centre, which opens the marker's popup and rings the marker while it has focus.
   */
  /** The keyboard's list waits for the markers to be painted, and for the last of many moves. */
  #listKeysSoon(): void {
    clearTimeout(this.#keysTimer);
    this.#keysTimer = setTimeout(() => this.#listKeys(), KEYS_DELAY_MS);
  }

  #listKeys(): void {
    const list = this.#options.keys;
    // Only the shown tab's map speaks for the keyboard.
    if (!list || this.map.getContainer().hidden) return;
    // Never pull the focused button away (a popup's pan moves the map): once focus leaves.
    if (list.contains(document.activeElement)) {
      list.addEventListener('focusout', () => this.#listKeysSoon(), { once: true });
      return;
    }
    const { nearest, total } = this.#points.nearestInView(KEYBOARD_MARKERS_MAX);
    // North to south, west to east: the order a reader meets them on the map.
    const at = new Map(nearest.map((one) => [one, this.#points.layerPoint(one)]));
    const ordered = nearest.sort((a, b) => {
      const pa = at.get(a) as L.Point;
      const pb = at.get(b) as L.Point;
      return pa.y - pb.y || pa.x - pb.x;
    });
    const items = ordered.map((at) => this.#pointItems[at] as PlacedItem);
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
    const pointOf = (event: Event): number => {
      // Every tab's map listens to the one list; the shown one answers.
      if (listedBy.get(list) !== this || this.map.getContainer().hidden) return -1;
      const row = (event.target as Element | null)?.closest?.('li[data-at]');
      return row instanceof HTMLElement && list.contains(row) ? Number(row.dataset.at) : -1;
    };
    list.addEventListener('click', (event) => {
      const item = this.#pointItems[pointOf(event)];
      if (item) this.open(item, true);
    });
    list.addEventListener('focusin', (event) => {
      const at = pointOf(event);
      if (at >= 0) this.#ring(at);
    });
    list.addEventListener('focusout', () => (this.#focusRing.hidden = true));
  }

  /** Rings a canvas marker, so the keyboard's focus shows on the map too. */
  #ring(at: number): void {
    const point = this.#points.layerPoint(at);
    L.DomUtil.setPosition(this.#focusRing, point);
    this.#focusRing.hidden = false;
  }

  #clusterMarker(lat: number, lon: number, id: number, count: number): L.Marker {
    const size = count < 100 ? 34 : count < 1000 ? 40 : 48;
    const marker = L.marker([lat, lon], {
      icon: L.divIcon({
        className: 'wm-cluster',
        html: `<span>${count}</span>`,
        iconSize: [size, size],
      }),
      keyboard: true,
      title: `${count} places: zoom in`,
    });
    marker.on('click keypress', () => {
      const zoom = this.#cluster?.getClusterExpansionZoom(id) ?? this.map.getZoom() + 1;
      this.map.setView([lat, lon], Math.min(zoom, this.map.getMaxZoom()));
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', `${count} places: zoom in`));
    return marker;
  }

  #marker(item: PlacedItem): L.Marker {
    const { settings } = this.#options;
    const layer = L.marker([item.lat, item.lon], {
      icon: L.icon({
        iconUrl: this.#iconUrl(item),
        iconSize: [settings.markerWidth, settings.markerHeight],
        iconAnchor: [DIRECTORY.markerAnchor[0], DIRECTORY.markerAnchor[1]],
        popupAnchor: [DIRECTORY.popupAnchor[0], DIRECTORY.popupAnchor[1]],
      }),
      alt: item.title,
      title: item.title,
    });
    layer.on('click', () => this.open(item));
    if (!settings.popupOnClick) layer.on('mouseover', () => this.open(item));
    return layer;
  }

  /** The item's own marker, else the paid marker for a paid item, else the global one; '' for a dot. */
  #iconUrl(item: PlacedItem): string {
    const { settings } = this.#options;
    return item.marker || (item.paid && settings.paidMarker) || settings.globalMarker || '';
  }
}

/** The parts of Leaflet's map this module reads that its typings leave out. */
interface LeafletInternals {
  _animatingZoom?: boolean;
  _panAnim?: { _inProgress?: boolean };
  /** What `fitBounds` moves to. */
  _getBoundsCenterZoom(bounds: L.LatLngBounds): { center: L.LatLng; zoom: number };
}

/** Which map last filled a keyboard list (each tab's map shares the area's one list). */
const listedBy = new WeakMap<HTMLElement, DirectoryMap>();

function sameItems(a: readonly PlacedItem[], b: readonly PlacedItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
