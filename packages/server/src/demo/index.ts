import { galleryRoutes } from './gallery/routes.js';
import { seedDemo } from './seed/demo.js';

/** Demo content: the seeded directory, and the gallery page with its pictures and clips. */
export { seedDemo, galleryRoutes };

/** What the demo adds to the server, in the shape of the server's SiteParts: its seeder and its routes. */
export const demoSite = { seed: seedDemo, routes: [galleryRoutes] };
