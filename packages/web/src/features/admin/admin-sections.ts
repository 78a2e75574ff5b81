/** The back office's sections, in the order its navigation shows them. */
export const ADMIN_SECTIONS = [
  { key: 'items', href: '/admin/items', label: 'Items', editors: true },
  { key: 'lists', href: '/admin/lists', label: 'Lists & categories', editors: true },
  { key: 'settings', href: '/admin/settings', label: 'Settings', editors: false },
  { key: 'people', href: '/admin/people', label: 'People', editors: false },
  { key: 'claims', href: '/admin/claims', label: 'Claims', editors: false },
  { key: 'orders', href: '/admin/orders', label: 'Orders', editors: false },
  { key: 'listings', href: '/admin/listings', label: 'Listings', editors: false },
  { key: 'reviews', href: '/admin/reviews', label: 'Reviews', editors: false },
  { key: 'spam-log', href: '/admin/spam-log', label: 'Spam log', editors: false },
  { key: 'outbox', href: '/admin/outbox', label: 'Outbox', editors: false },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]['key'];

/** The sections a role may open: administrators all, editors items and lists, nobody else any. */
export function sectionsFor(role: string | undefined) {
  if (role === 'administrator') return [...ADMIN_SECTIONS];
  if (role === 'editor') return ADMIN_SECTIONS.filter((section) => section.editors);
  return [];
}
