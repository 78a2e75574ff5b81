import { DIRECTORY, type MapSettings } from '@waymark/protocol';
import L from 'leaflet';
import { addBaseLayer, maxZoomOf, type Tiles } from './base-layer.js';
import { ClusterLayer } from './cluster-layer.js';
import { KeyboardList } from './keyboard-list.js';
import { markerPicture, PictureMarkers } from './picture-markers.js';
import type { PlacedItem } from './placed-item.js';
import { PointLayer, type PointLook } from './point-layer.js';

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

/**
 * The directory's Leaflet map: markers of the items it is given on one canvas (pictures where
 * a marker picture applies, `PictureMarkers`), clustered with Supercluster when the setting is on
 * (`ClusterLayer`), a keyboard list of the canvas's markers (`KeyboardList`), one popup at a
 * time, and the radius search's circle.
 */
export class DirectoryMap {
  readonly map: L.Map;
  readonly #options: DirectoryMapOptions;
  readonly #renderer: L.Canvas;
  readonly #points: PointLayer;
  /** The items the canvas draws, in its order. */
  #pointItems: PlacedItem[] = [];
  readonly #clusters: ClusterLayer;
  readonly #pictures: PictureMarkers;
  readonly #keys: KeyboardList;
  #items: readonly PlacedItem[] = [];
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
    this.#clusters = new ClusterLayer(this.map);
    this.#pictures = new PictureMarkers(this.map, {
      settings,
      open: (item) => this.open(item),
      replace: (items) => this.#place(items, true),
    });
    // Above the base layer, below the points.
    this.map.createPane(CIRCLE_PANE).style.zIndex = '420';
    this.#circleRenderer = L.svg({ pane: CIRCLE_PANE });
    // Heard before the points' canvas hears it: the clusters' new leaves are then what that
    // canvas paints at the move's end, once, not the old ones and then the new ones.
    this.map.on('moveend', () => {
      if (this.#clusters.active) this.#draw();
      else this.#keys.listSoon();
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
    this.#keys = new KeyboardList({
      map: this.map,
      points: this.#points,
      pane,
      list: options.keys,
      itemAt: (at) => this.#pointItems[at],
      open: (item) => this.open(item, true),
    });
    this.#popup = L.popup({ autoPan: true, maxWidth: 280 });
    this.map.on('popupclose', () => {
      this.#disposePopup?.();
      this.#disposePopup = null;
    });
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
    if (this.#options.settings.clustering) this.#clusters.load(items);
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
    const icon = markerPicture(this.#options.settings, item);
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
    this.#pictures.destroy();
    this.#keys.destroy();
    this.#resizes.disconnect();
    this.#disposePopup?.();
    this.map.remove();
  }

  /** The clusters in view and the items in none of them, or every item when nothing clusters. */
  #draw(): void {
    this.#place(this.#clusters.draw() ?? this.#items);
  }

  /** Markers for these items: picture elements while there are few, the rest on the one canvas. */
  #place(items: readonly PlacedItem[], now?: boolean): void {
    const onCanvas = this.#pictures.place(items, now);
    const { settings } = this.#options;
    const looks: PointLook[] = [];
    const lookAt = new Map<string, number>();
    const look = new Uint16Array(onCanvas.length);
    const lat = new Float64Array(onCanvas.length);
    const lon = new Float64Array(onCanvas.length);
    onCanvas.forEach((item, i) => {
      const url = markerPicture(settings, item);
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
    this.#keys.listSoon();
  }
}

/** The parts of Leaflet's map this module reads that its typings leave out. */
interface LeafletInternals {
  _animatingZoom?: boolean;
  _panAnim?: { _inProgress?: boolean };
  /** What `fitBounds` moves to. */
  _getBoundsCenterZoom(bounds: L.LatLngBounds): { center: L.LatLng; zoom: number };
}
