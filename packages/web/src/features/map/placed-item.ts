import type { DirectoryItem } from '@waymark/protocol';

/** An item that has a place on the map. */
export type PlacedItem = DirectoryItem & { lat: number; lon: number };

export const isPlaced = (item: DirectoryItem | undefined): item is PlacedItem =>
  item !== undefined && item.lat !== null && item.lon !== null;
