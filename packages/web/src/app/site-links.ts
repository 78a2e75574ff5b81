import { SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol/plain';
import type { PageData, SessionUser } from '../shared/page-data.js';

/** One link of the site's own navigation. */
export interface SiteLink {
  href: string;
  label: string;
  /** The page type the server renders there, when it has one of its own. */
  page?: PageData['page'];
}

/** The site's pages every visitor may use, in the order the header and the footer show them. */
export const PUBLIC_LINKS: readonly SiteLink[] = [
  { href: '/categories', label: 'Browse by category' },
  { href: '/suggest', label: 'Suggest a place', page: 'suggest' },
  { href: '/add-business', label: 'Add your business', page: 'add-business' },
  { href: '/gallery', label: 'Gallery', page: 'gallery' },
];

/** The administrators' pages. */
export const ADMIN_LINKS: readonly SiteLink[] = [
  { href: '/admin/reviews', label: 'Reviews', page: 'moderation' },
  { href: '/admin/listings', label: 'Listings', page: 'listings' },
  { href: '/admin/spam-log', label: 'Spam log', page: 'spam-log' },
];

/** Where a visitor signs in. */
export const SIGN_IN_LINK: SiteLink = { href: '/login', label: 'Sign in', page: 'login' };

/** The header's links for this visitor: the public pages, and the admin pages for administrators. */
export const headerLinks = (user: SessionUser | null): readonly SiteLink[] =>
  user?.role === 'administrator' ? [...PUBLIC_LINKS, ...ADMIN_LINKS] : PUBLIC_LINKS;

/**
 * The footer's links: the public pages and what the site says about itself. No account or admin
 * links: those are the header's, and a second "Sign in" or "Spam log" would only repeat them.
 */
export const FOOTER_LINKS: readonly SiteLink[] = [
  ...PUBLIC_LINKS,
  { href: SPAM_SHIELD_ABOUT_PATH, label: 'About the spam shield', page: 'spam-shield' },
];

/** `aria-current="page"` for the link to the page being shown. */
export const currentFor = (link: SiteLink, data: PageData) =>
  link.page !== undefined && link.page === data.page ? ('page' as const) : undefined;

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
