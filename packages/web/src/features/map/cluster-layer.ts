import L from 'leaflet';
import Supercluster from 'supercluster';
import type { PlacedItem } from './placed-item.js';

/** Supercluster's cluster radius in pixels and the zoom above which nothing clusters. */
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 16;

/**
 * The map's clusters: the items it is given, clustered with Supercluster, and a marker for each
 * cluster in view (made again at each draw) that zooms in to it when clicked or pressed.
 */
export class ClusterLayer {
  readonly #map: L.Map;
  /** The clusters' markers, made again at each draw. */
  readonly #markers = L.layerGroup();
  #items: readonly PlacedItem[] = [];
  #index: Supercluster<{ index: number }> | null = null;

  constructor(map: L.Map) {
    this.#map = map;
    this.#markers.addTo(map);
  }

  /** Whether items are clustered: once some were loaded. */
  get active(): boolean {
    return this.#index !== null;
  }

  /** Clusters these items. */
  load(items: readonly PlacedItem[]): void {
    this.#items = items;
    this.#index = new Supercluster<{ index: number }>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
    this.#index.load(
      items.map((item, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [item.lon, item.lat] },
        properties: { index },
      })),
    );
  }

  /**
   * Draws the markers of the clusters in view and answers the items in view that are in no
   * cluster (null while nothing is clustered, with no cluster marker left).
   */
  draw(): PlacedItem[] | null {
    this.#markers.clearLayers();
    const index = this.#index;
    if (!index) return null;
    const bounds = this.#map.getBounds();
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const zoom = Math.round(this.#map.getZoom());
    const leaves: PlacedItem[] = [];
    for (const feature of index.getClusters(box, zoom)) {
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
    return leaves;
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
      const zoom = this.#index?.getClusterExpansionZoom(id) ?? this.#map.getZoom() + 1;
      this.#map.setView([lat, lon], Math.min(zoom, this.#map.getMaxZoom()));
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', `${count} places: zoom in`));
    return marker;
  }
}
