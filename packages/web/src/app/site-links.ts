import { SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol/plain';
import type { PageData, SessionUser } from '@waymark/protocol';

/** One link of the site's own navigation. */
export interface SiteLink {
  href: string;
  label: string;
  /** The page type the server renders there, when it has one of its own. */
  page?: PageData['page'];
  /** For a link that stands for a whole area: whether the page shown is in it. */
  holds?: (page: PageData['page']) => boolean;
}

/** The site's pages every visitor may use, in the order the header and the footer show them. */
export const PUBLIC_LINKS: readonly SiteLink[] = [
  { href: '/categories', label: 'Browse by category' },
  { href: '/suggest', label: 'Suggest a place', page: 'suggest' },
  { href: '/add-business', label: 'Add your business', page: 'add-business' },
  { href: '/gallery', label: 'Gallery', page: 'gallery' },
];

const BACK_OFFICE_PAGES: ReadonlySet<PageData['page']> = new Set(['moderation', 'listings', 'spam-log', 'outbox']);

/**
 * The back office, one link: its own navigation lists its sections, so the site's header stays
 * one row however many there are.
 */
export const BACK_OFFICE_LINK: SiteLink = {
  href: '/admin',
  label: 'Back office',
  holds: (page) => page.startsWith('admin-') || BACK_OFFICE_PAGES.has(page),
};

/** Where a visitor signs in. */
export const SIGN_IN_LINK: SiteLink = { href: '/login', label: 'Sign in', page: 'login' };

/** A signed-in visitor's own pages. */
export const ACCOUNT_LINKS: readonly SiteLink[] = [
  { href: '/bookmarks', label: 'Favourites', page: 'bookmarks' },
  { href: '/account', label: 'Your account', page: 'account' },
];

/** The header's links for this visitor: the public pages, their own, and the back office for its staff. */
export const headerLinks = (user: SessionUser | null): readonly SiteLink[] => {
  if (!user) return PUBLIC_LINKS;
  const own = [...PUBLIC_LINKS, ...ACCOUNT_LINKS];
  return user.role === 'administrator' || user.role === 'editor' ? [...own, BACK_OFFICE_LINK] : own;
};

/**
 * The footer's links: the public pages and what the site says about itself. No account or admin
 * links: those are the header's, and a second "Sign in" or "Spam log" would only repeat them.
 */
export const FOOTER_LINKS: readonly SiteLink[] = [
  ...PUBLIC_LINKS,
  { href: SPAM_SHIELD_ABOUT_PATH, label: 'About the spam shield', page: 'spam-shield' },
];

/** `aria-current` for the link to the page being shown, or to the area that holds it. */
export const currentFor = (link: SiteLink, data: PageData) => {
  if (link.page !== undefined && link.page === data.page) return 'page' as const;
  // An area's link marks that the page is inside it, not that it is the page.
  return link.holds?.(data.page) ? ('true' as const) : undefined;
};

/** A credit the site owes a data source it shows: words and links, in reading order. */
export interface Credit {
  key: string;
  parts: (string | SiteLink)[];
}

/** What the page shows that needs crediting. */
export interface CreditNeeds {
  /**
   * The page draws OpenStreetMap tiles. Nothing does yet (the map has no tile layer); when it
   * lands, pass whether the configured tile URL is OpenStreetMap's, and its credit appears.
   */
  osmTiles: boolean;
}

const CC_BY_4 = { href: 'https://creativecommons.org/licenses/by/4.0/', label: 'CC BY 4.0' };

/**
 * The credits of the data the site uses: GeoNames for the city list behind geocoding and
 * distance search (its CC BY 4.0 licence asks for attribution), OpenStreetMap only where its
 * tiles are drawn.
 */
export function dataCredits({ osmTiles }: CreditNeeds): Credit[] {
  const credits: Credit[] = [
    {
      key: 'geonames',
      parts: ['City data © ', { href: 'https://www.geonames.org/', label: 'GeoNames' }, ', ', CC_BY_4],
    },
  ];
  if (osmTiles) {
    credits.push({
      key: 'osm',
      parts: ['Map data © ', { href: 'https://www.openstreetmap.org/copyright', label: 'OpenStreetMap contributors' }],
    });
  }
  return credits;
}
