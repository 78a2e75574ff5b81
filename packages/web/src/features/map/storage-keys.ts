/**
 * The map's browser storage (directory spec, section 3, "Browser storage"): the centre the
 * visitor's position gave, the flag that it was applied, and the flag of the map consent.
 */
export const MAP_STORAGE_KEYS = {
  consent: 'waymark_map_consent',
  positionApplied: 'waymark_map_position_applied',
  latitude: 'waymark_map_lat',
  longitude: 'waymark_map_lon',
} as const;
