/** The back office: its shared frame (navigation and layout) for every /admin page, its pages, and an owner's claims. */
export { ADMIN_SECTIONS, sectionsFor, type AdminSection } from './admin-sections.js';
export { AdminLayout } from './AdminLayout.js';
export { AdminNav } from './AdminNav.js';
export { AdminClaimsPage } from './claims/AdminClaimsPage.js';
export { ClaimItemPage } from './claims/ClaimItemPage.js';
export { ClaimLink } from './claims/ClaimLink.js';
export { OwnerItemPage } from './claims/OwnerItemPage.js';
export { AdminImportPage } from './items/AdminImportPage.js';
export { AdminItemForm } from './items/AdminItemForm.js';
export { AdminItemsPage } from './items/AdminItemsPage.js';
export { AdminListsPage } from './lists/AdminListsPage.js';
export { AdminPeoplePage } from './people/AdminPeoplePage.js';
export { AdminSettingsPage } from './settings/AdminSettingsPage.js';
