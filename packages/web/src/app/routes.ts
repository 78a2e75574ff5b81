import type { ComponentType } from 'react';
import type { PageType } from './route-file.js';

export type { PageType } from './route-file.js';

/** A route: the module of one page type, loaded on its own so no page carries another's code. */
export interface RouteModule {
  default: ComponentType;
}

/**
 * The page for each page type the server renders (`context.data.page`). The server routes
 * addresses and chooses the page; each page's code is a chunk of its own, which the server
 * names in the document and the browser entry loads before it hydrates. The file of a page
 * type is `routes/<page type>.tsx` (`routeFile`).
 */
export const ROUTES: Record<PageType, () => Promise<RouteModule>> = {
  home: () => import('./routes/home.js'),
  embed: () => import('./routes/embed.js'),
  'add-business': () => import('./routes/add-business.js'),
  item: () => import('./routes/item.js'),
  login: () => import('./routes/login.js'),
  'login-link': () => import('./routes/login-link.js'),
  bookmarks: () => import('./routes/bookmarks.js'),
  outbox: () => import('./routes/outbox.js'),
  register: () => import('./routes/register.js'),
  account: () => import('./routes/account.js'),
  'forgot-password': () => import('./routes/forgot-password.js'),
  'reset-password': () => import('./routes/reset-password.js'),
  'account-notice': () => import('./routes/account-notice.js'),
  'email-confirm': () => import('./routes/email-confirm.js'),
  suggest: () => import('./routes/suggest.js'),
  gallery: () => import('./routes/gallery.js'),
  moderation: () => import('./routes/moderation.js'),
  listings: () => import('./routes/listings.js'),
  'spam-log': () => import('./routes/spam-log.js'),
  'spam-shield': () => import('./routes/spam-shield.js'),
  blocked: () => import('./routes/blocked.js'),
  'not-found': () => import('./routes/not-found.js'),
  'admin-items': () => import('./routes/admin-items.js'),
  'admin-item': () => import('./routes/admin-item.js'),
  'admin-import': () => import('./routes/admin-import.js'),
  post: () => import('./routes/post.js'),
  search: () => import('./routes/search.js'),
  cart: () => import('./routes/cart.js'),
  checkout: () => import('./routes/checkout.js'),
  order: () => import('./routes/order.js'),
  'admin-orders': () => import('./routes/admin-orders.js'),
  'admin-lists': () => import('./routes/admin-lists.js'),
  'admin-settings': () => import('./routes/admin-settings.js'),
  'admin-people': () => import('./routes/admin-people.js'),
  'admin-claims': () => import('./routes/admin-claims.js'),
  'claim-item': () => import('./routes/claim-item.js'),
  'owner-item': () => import('./routes/owner-item.js'),
};
