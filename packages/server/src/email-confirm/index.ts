/** Confirmation by an e-mailed link: the way through a human challenge that needs no sight. */
export { emailConfirmPlugin, type ConfirmationKind, type EmailConfirmations } from './plugin.js';
export { emailConfirmRoutes } from './routes.js';
export { holdForConfirmation, LINKS_SPENT, withinLinkShare, type HoldRequest } from './hold.js';
export { CONFIRM_LIFETIME_MS } from './store.js';
