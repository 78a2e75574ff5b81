/** Demo content: the seeded directory, and the gallery page with its pictures and clips. */
export { seedDemo } from './seed/demo.js';
export { galleryRoutes } from './gallery/routes.js';
