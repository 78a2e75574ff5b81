import type { SiteParts } from '@waymark/server';
import { galleryRoutes } from './gallery/routes.js';
import { seedDemo } from './seed/demo.js';

/** Demo content: the seeded directory, and the gallery page with its pictures and clips. */
export { seedDemo, galleryRoutes };
export type { SeedCounts, SeedOptions } from './seed/demo.js';

/** What the demo adds to the server, in the shape its interface takes: its seeder and its routes. */
export const demoSite: SiteParts = { seed: seedDemo, routes: [galleryRoutes] };
