/** The back office's shared frame: its navigation and layout, for every /admin page. */
export { AdminLayout } from './AdminLayout.js';
export { AdminNav } from './AdminNav.js';
export { ADMIN_SECTIONS, sectionsFor, type AdminSection } from './admin-sections.js';
