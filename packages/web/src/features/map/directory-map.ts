import { DIRECTORY, type MapSettings } from '@waymark/protocol';
import L from 'leaflet';
import Supercluster from 'supercluster';
import type { DirectoryItem } from '../../shared/page-data.js';
import { addBaseLayer, maxZoomOf, type Tiles } from './base-layer.js';
import { CanvasIcon } from './canvas-icon.js';

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

/**
 * The directory's Leaflet map: markers of the items it is given on one canvas (pictures where
 * a marker picture applies), clustered with Supercluster when the setting is on, one popup at a
 * time, and the radius search's circle.
 */
export class DirectoryMap {
  readonly map: L.Map;
  readonly #options: DirectoryMapOptions;
  readonly #renderer: L.Canvas;
  readonly #markers = L.layerGroup();
  #items: readonly PlacedItem[] = [];
  #cluster: Supercluster<{ index: number }> | null = null;
  #circle: L.Circle | null = null;
  readonly #popup: L.Popup;
  #disposePopup: (() => void) | null = null;
  readonly #timers: ReturnType<typeof setTimeout>[] = [];

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
    this.#popup = L.popup({ autoPan: true, maxWidth: 280 });
    this.map.on('popupclose', () => {
      this.#disposePopup?.();
      this.#disposePopup = null;
    });
    this.map.on('moveend', () => {
      if (this.#cluster) this.#draw();
    });
    const [lat, lon] = options.start ?? [settings.latitude, settings.longitude];
    this.map.setView([lat, lon], Math.max(minZoom, settings.zoom));
    // The container may still be settling into its place (spec: size recalculated after 1 s).
    this.#timers.push(setTimeout(() => this.map.invalidateSize(), DIRECTORY.mapResizeDelayMs));
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
      renderer: this.#renderer,
    }).addTo(this.map);
    if (metres > 0) this.map.fitBounds(this.#circle.getBounds());
    else this.map.setView(centre, this.map.getZoom());
  }

  destroy(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#disposePopup?.();
    this.map.remove();
  }

  #draw(): void {
    this.#markers.clearLayers();
    const cluster = this.#cluster;
    if (!cluster) {
      const elements = this.#items.length <= ELEMENT_MARKERS_MAX;
      for (const item of this.#items) this.#markers.addLayer(this.#marker(item, elements));
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
        if (item) this.#markers.addLayer(this.#marker(item));
      }
    }
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

  #marker(item: PlacedItem, element = true): L.Layer {
    const { settings } = this.#options;
    const icon = this.#iconUrl(item);
    const anchor: [number, number] = [DIRECTORY.markerAnchor[0], DIRECTORY.markerAnchor[1]];
    const layer: L.Marker | L.CircleMarker = !icon
      ? L.circleMarker([item.lat, item.lon], {
          renderer: this.#renderer,
          radius: 7,
          weight: 2,
          color: '#ffffff',
          fillColor: item.paid && settings.defaultPaidMarker ? PAID_COLOUR : MARKER_COLOUR,
          fillOpacity: 1,
        })
      : !element
        ? new CanvasIcon([item.lat, item.lon], {
            renderer: this.#renderer,
            iconUrl: icon,
            iconSize: [settings.markerWidth, settings.markerHeight],
            iconAnchor: anchor,
          })
        : L.marker([item.lat, item.lon], {
            icon: L.icon({
              iconUrl: icon,
              iconSize: [settings.markerWidth, settings.markerHeight],
              iconAnchor: anchor,
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
