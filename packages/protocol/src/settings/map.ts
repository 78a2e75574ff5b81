import { z } from 'zod';
import { DIRECTORY } from '../constants.js';
import { defineSetting, type SettingValue } from './define.js';

/**
 * The directory map's settings (directory spec, section 3, "Front-end settings": the map's
 * fields and the second settings object's map_fullwidth, map_position, map and
 * image_infowindow). The radius search's alert texts and the item popup's map switch are
 * directory settings (`missingLocationText`, `missingDistanceText`, `noResultsText`, `popupMap`).
 */

/** A marker picture: an address of this site (`/…`) or an http(s) one; '' for none. */
const markerUrl = z
  .string()
  .max(500)
  .regex(/^(|\/[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/, 'must be empty, a site path or an http(s) address')
  .default('');

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a #rrggbb colour');

export const MAP_POSITIONS = ['top', 'right'] as const;
export const RADIUS_UNITS = ['km', 'miles'] as const;
export type RadiusUnit = (typeof RADIUS_UNITS)[number];

export const mapSettings = defineSetting(
  'map',
  z.object({
    /** The directory shows a map of its visible items (spec: "optional map"). */
    map: z.boolean().default(false),
    /** The map spans the directory's whole width above the lists (minimum zoom 3, else 2). */
    map_fullwidth: z.boolean().default(false),
    /** Beside the lists on wide screens (`right`) or above them. */
    map_position: z.enum(MAP_POSITIONS).default('top'),
    /** Marker popups show the item's image. */
    image_infowindow: z.boolean().default(true),
    /** The configured centre and zoom, used when `fitBounds` is off. */
    latitude: z.number().min(-90).max(90).default(48.8566),
    longitude: z.number().min(-180).max(180).default(2.3522),
    zoom: z.number().int().min(DIRECTORY.minZoom).max(DIRECTORY.maxZoom).default(4),
    /** The zoom of the item popup's map. */
    popupZoom: z.number().int().min(1).max(DIRECTORY.maxZoom).default(15),
    markerWidth: z.number().int().min(8).max(200).default(DIRECTORY.markerWidth),
    markerHeight: z.number().int().min(8).max(200).default(DIRECTORY.markerHeight),
    /** Every item's marker unless it has its own; '' draws the default marker. */
    globalMarker: markerUrl,
    /** A paid item's marker when it has none of its own. */
    paidMarker: markerUrl,
    /** Paid items get a marker of their own colour even without `paidMarker`. */
    defaultPaidMarker: z.boolean().default(true),
    /** Fit the view to the markers (padding 0.5); otherwise the configured centre and zoom. */
    fitBounds: z.boolean().default(true),
    /** Marker popups open on click instead of on hover. */
    popupOnClick: z.boolean().default(false),
    /** Hovering a listing item opens its marker's popup, panning the map to it. */
    autopan: z.boolean().default(true),
    /** Markers gather into clusters with counts. */
    clustering: z.boolean().default(true),
    /** The radius search's circle. */
    circleColour: colour.default('#2563eb'),
    /** The unit the radius search starts with. */
    radiusUnit: z.enum(RADIUS_UNITS).default('km'),
    /** A button that shows the map over the whole window (the embed field enable_map_fullscreen). */
    fullscreenButton: z.boolean().default(false),
    /** A button that hides and shows the directory's filters (the embed field enable_map_toggle_filter). */
    toggleFilterButton: z.boolean().default(false),
    /** The radius search panel beside the map. */
    radiusSearch: z.boolean().default(true),
    /** Ask the browser for its position on the first visit and centre the map there. */
    currentLocation: z.boolean().default(false),
    /** The "use current location" button of the radius search's location box. */
    currentLocationButton: z.boolean().default(true),
    /** A notice replaces the map until the visitor accepts it; nothing is fetched before. */
    privacy: z.boolean().default(false),
    privacyTitle: z.string().max(200).default('The map is off until you allow it'),
    privacyText: z
      .string()
      .max(1_000)
      .default('The map loads its pictures from a map server, which then learns your address and this page.'),
    privacyAccept: z.string().min(1).max(100).default('Show the map'),
    /** Where a popup's directions link goes; `{query}` becomes the encoded address or "lat,lon". */
    directionsUrl: z
      .string()
      .max(500)
      .regex(/^https?:\/\/[^\s"'<>]*\{query\}[^\s"'<>]*$/, 'must be an http(s) address with {query}')
      .default('https://www.openstreetmap.org/search?query={query}'),
  }),
);

export type MapSettings = SettingValue<typeof mapSettings>;
