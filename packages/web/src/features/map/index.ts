/** The directory's map, a chunk of its own loaded into its slot, and the drawer of the item popup's map. */
export { itemMapDrawer, MapSlot } from './MapSlot.js';
