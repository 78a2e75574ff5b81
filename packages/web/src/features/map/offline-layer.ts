import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

/** The countries of the world as one quiet, non-interactive layer (on the map's own canvas renderer). */
export function offlineLayer(): L.GeoJSON {
  const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
  return L.geoJSON(feature(topology, topology.objects.countries), {
    interactive: false,
    style: { color: '#94a3b8', weight: 0.6, fillColor: '#f1f5f0', fillOpacity: 1 },
  });
}
