/**
 * The contract between the server and the React site: what the server hands a page to render,
 * and what the page reads again from the document when it hydrates.
 */

import type { EmbedFields } from '../embed.js';
import type { TheRealPerson } from '../page-config.js';
import type { ReviewStatus } from '../reviews.js';
import type { DirectorySettings } from '../settings/directory.js';
import type { LightboxSettings } from '../settings/lightbox.js';
import type { MapSettings } from '../settings/map.js';
import type { HeaderSettings, MenuSettings, SliderSettings, ToTopSettings } from '../settings/theme.js';
import type { AdminItemsPageData } from './admin-items-data.js';
import type { BackOfficePageData } from './back-office-data.js';
import type { ShopPageData } from './shop-pages.js';

export interface DirectoryItem {
  id: number;
  title: string;
  subtitle: string;
  address: string;
  locality: string;
  phone: string;
  hours: string;
  url: string;
  image: string;
  /** What the picture shows, for people who cannot see it; '' for a decorative one. */
  imageAlt: string;
  lat: number | null;
  lon: number | null;
  paid: boolean;
  /** In the featured widget, with a badge on its card. No item attribute: the specification names only `data-paid`. */
  featured: boolean;
  marker: string | null;
  tags: string[];
  /** Custom content, HTML sanitized by the server. */
  content: string;
  votes: number;
  /**
   * The phone sealed for the contact decoder when `phone` is masked for this visitor, else ''.
   * PROTOCOL.md section 4: the page shows the masked form until a person decodes it.
   */
  phoneSealed: string;
}

/**
 * One item as it travels in the page: a tuple, so that 10,000 items do not repeat their key
 * names, with image and marker URLs and tags as indexes into the directory's shared tables.
 */
export type CompactItem = [
  id: number,
  list: number,
  title: string,
  subtitle: string,
  address: string,
  locality: string,
  phone: string,
  hours: string,
  url: string,
  /** Index into `urls`, -1 for none. */
  image: number,
  lat: number | null,
  lon: number | null,
  paid: 0 | 1,
  /** Index into `urls`, -1 for the default marker. */
  marker: number,
  /** Indexes into `tags`. */
  tags: number[],
  content: string,
  votes: number,
  phoneSealed: string,
  imageAlt: string,
  featured: 0 | 1,
];

export interface DirectoryCategory {
  id: number;
  slug: string;
  name: string;
}

export interface DirectoryList {
  id: number;
  slug: string;
  title: string;
  categoryId: number;
  /** From the list's own settings, or the directory's. */
  paginate: boolean;
  perPage: number;
}

export interface DirectoryData {
  categories: DirectoryCategory[];
  lists: DirectoryList[];
  tags: string[];
  urls: string[];
  /** In list order, then item order. */
  items: CompactItem[];
}

/** The map's part of the directory page. */
export interface MapPageData {
  settings: MapSettings;
  /** The configured tile server, or null: the map draws its offline base layer. */
  tiles: {
    url: string;
    /** Plain text, escaped where it is shown. */
    attribution: string;
    /** OpenStreetMap's tiles, which need its attribution. */
    osm: boolean;
  } | null;
  /** Where the address suggestions ask (PROTOCOL.md section 6); '' for this site. */
  geocoder: string;
}

/** Filters the server was asked for in the address (`?category=…&tag=…&search=…`). */
export interface InitialFilter {
  category: string;
  tags: string[];
  search: string;
}

/** The suggestion form's fields as the visitor typed them. */
export interface SuggestionValues {
  name: string;
  address: string;
  website: string;
  email: string;
  note: string;
}

/** "Add your business" as the owner filled it in. */
export interface ListingValues {
  title: string;
  subtitle: string;
  url: string;
  address: string;
  email: string;
  /** A category's slug. */
  category: string;
  tags: string[];
  /** The owner's own tags, separated with commas. */
  otherTags: string;
  recurring: boolean;
}

export type ListingStatus = 'pending' | 'approved' | 'rejected';

/** A submitted listing as the administrators' approval screen shows it. */
export interface PendingListingView {
  id: number;
  title: string;
  subtitle: string;
  url: string;
  address: string;
  email: string;
  /** The chosen category's id and name, or null when it is gone. */
  category: { id: number; name: string } | null;
  tags: string[];
  payment: 'once' | 'recurring';
  /** ISO time of submission. */
  at: string;
  score: number;
  reasons: string[];
  /** The directory item an approval made. */
  itemId: number | null;
}

/** One verdict of the spam shield, as the spam log shows it. */
export interface SpamLogRow {
  id: number;
  at: string;
  form: string;
  allowed: boolean;
  score: number;
  reasons: string[];
  /** The start of the keyed hash of the client address. */
  client: string;
  details: Record<string, string | number | boolean | null>;
  /** What the visitor wrote, as the content judge read it ('' for a form without text). */
  content: string;
  /** What an administrator said of it, which taught the content judge; null before anyone did. */
  lesson: 'spam' | 'ham' | null;
}

export interface GalleryPhoto {
  src: string;
  thumb: string;
  width: number;
  height: number;
  title: string;
  caption: string;
}

/** The seeded gallery page: its pictures, where its demo clips live, an item for the popup. */
export interface GalleryData {
  photos: GalleryPhoto[];
  /** Added to the page later, to show that later content is bound too. */
  more: GalleryPhoto[];
  /** Linked from the page's post content. */
  post: GalleryPhoto[];
  /** URL prefix of the demo video clip and poster. */
  assets: string;
  /** A directory item for the popup's ajax demo, if the directory has one. */
  itemId: number | null;
}

/** One published review or comment as a page shows it. */
export interface ReviewView {
  id: number;
  /** The name the author gave, any contact in it masked for visitors who may not see contacts. */
  author: string;
  /** The author's text as HTML the server made: escaped, in paragraphs, contacts encoded. */
  bodyHtml: string;
  /** ISO time of posting. */
  at: string;
  /** The spam shield judged the author a person beyond doubt: the real-person badge. */
  realPerson: boolean;
}

/** The reviews of an item or the comments on a page, and what their form posts. */
export interface ReviewThread {
  /** `item:<id>` or `page:<path>`. */
  subject: string;
  kind: 'review' | 'comment';
  reviews: ReviewView[];
  /** The form as a classic post left it, for visitors without scripts. */
  form: ReviewFormState;
}

export interface ReviewFormState {
  values: { author: string; email: string; body: string };
  /** Field name (or `form`) to message. */
  errors: Record<string, string>;
  /** The thank-you message once one was accepted. */
  sent: string | null;
}

/** A review as the administrators' moderation screen shows it. */
export interface ModerationReview extends ReviewView {
  /** `item:<id>` or `page:<path>`. */
  subject: string;
  /** The reviewed item's title or the commented page's path. */
  about: string;
  /** Where the subject is read. */
  aboutUrl: string;
  email: string;
  status: ReviewStatus;
  score: number;
  reasons: string[];
}

/** A page or an article as its own page shows it. */
export interface PostView {
  type: 'page' | 'article';
  title: string;
  /** Sanitized by the server on write. */
  bodyHtml: string;
  /** '' for none. */
  image: string;
  imageAlt: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

/** One hit of the site search: a page, an article or a directory item. */
export interface SearchHit {
  type: 'page' | 'article' | 'item';
  id: number;
  url: string;
  title: string;
  /** '' for none. */
  image: string;
}

/** The header live search's settings (the theme's `live_search` set). */
export interface LiveSearchPageSettings {
  minChars: number;
  perPage: number;
  showImages: boolean;
  showTypes: boolean;
  postTypes: ('page' | 'article' | 'item')[];
  titlesOnly: boolean;
  noResults: string;
}

/** A message waiting in the outbox, as the administrators see it. */
export interface OutboxMessageView {
  id: number;
  kind: string;
  to: string;
  subject: string;
  attempts: number;
  /** ISO times. */
  nextAttemptAt: string;
  createdAt: string;
  /** Why the last try failed; '' before the first. */
  lastError: string;
}

/** An item in the signed-in user's bookmark list. */
export interface BookmarkView {
  id: number;
  title: string;
  subtitle: string;
  url: string;
}

/** The directory page. */
export interface HomePageData {
  page: 'home';
  title: string;
  /** `filter`: every list with the category filter; `tabs`: one tab per category. */
  view: 'filter' | 'tabs';
  directory: DirectoryData;
  settings: DirectorySettings;
  /** The `security` nonce of the directory's calls (upvotes). */
  directoryNonce: string;
  filter: InitialFilter;
  /** The items this visitor has upvoted already: shown as voted from the first paint. */
  votedIds: number[];
  /** Absent on a directory without the map feature (an older server). */
  map?: MapPageData;
}

/**
 * The directory in another site's iframe (`/embed?…`): the directory page's data as the embed
 * fields shaped it on the server, and the fields the page applies itself.
 */
export type EmbedPageData = Omit<HomePageData, 'page'> & { page: 'embed'; embed: EmbedFields };

export type PageData =
  | HomePageData
  | ShopPageData
  | AdminItemsPageData
  | BackOfficePageData
  | EmbedPageData
  | {
      page: 'add-business';
      title: string;
      categories: DirectoryCategory[];
      tags: string[];
      /** `listing`: the paid listing's price (the shop's settings). */
      prices: { once: string; monthly: string; listing?: string };
      /** The form as a classic post left it. */
      values: ListingValues;
      /** Field name (or `form`) to message. */
      errors: Record<string, string>;
      /** The confirmation once a listing was saved for approval. */
      sent: string | null;
    }
  | {
      page: 'listings';
      title: string;
      status: ListingStatus;
      counts: Record<ListingStatus, number>;
      listings: PendingListingView[];
      /** Every list, for the list an approved listing goes into. */
      lists: { id: number; title: string; categoryId: number }[];
      /** Set after a decision, for the announcement. */
      done: string | null;
    }
  | {
      page: 'login';
      title: string;
      next: string;
      email: string;
      error: string | null;
      /** The captcha picture and code, or null when the form asks for none (now). */
      captcha: { url: string; code: string } | null;
      captchaError: string | null;
    }
  | { page: 'bookmarks'; title: string; items: BookmarkView[] }
  | {
      page: 'outbox';
      title: string;
      /** False while no SMTP server is configured: messages wait. */
      delivering: boolean;
      messages: OutboxMessageView[];
    }
  | {
      page: 'register';
      title: string;
      values: { name: string; email: string };
      /** Field name (or `form`) to message. */
      errors: Record<string, string>;
      /** The captcha picture and code, or null when the form's captcha is off (or it was sent). */
      captcha: { url: string; code: string } | null;
      /** What happens next, once the account was made. */
      done: string | null;
    }
  | {
      page: 'account';
      title: string;
      name: string;
      email: string;
      verified: boolean;
      /** Members delete their own account; administrators do not, here. */
      deletable: boolean;
      errors: Record<string, string>;
      message: string | null;
    }
  | { page: 'forgot-password'; title: string; errors: Record<string, string>; done: string | null }
  | { page: 'reset-password'; title: string; token: string; errors: Record<string, string> }
  | { page: 'account-notice'; title: string; message: string; link: { href: string; label: string } }
  | {
      page: 'login-link';
      title: string;
      next: string;
      email: string;
      error: string | null;
      /** Where the link went, once asked for. */
      done: string | null;
    }
  | {
      page: 'email-confirm';
      title: string;
      /** The mailed link's token, posted back by the one button. */
      token: string;
      /** What the button does, in its own words ("Sign me in", "Send my message to Bakery"). */
      action: string;
      error: string | null;
    }
  | { page: 'not-found'; title: string }
  | {
      page: 'suggest';
      title: string;
      values: SuggestionValues;
      /** Field name (or `form`) to message. */
      errors: Record<string, string>;
      /** The thank-you message once a suggestion was accepted. */
      sent: string | null;
    }
  | {
      page: 'spam-log';
      title: string;
      entries: SpamLogRow[];
      retentionDays: number;
      /** How long a "not spam" lets that visitor's posts through. */
      trustDays: number;
      done: string | null;
    }
  | { page: 'blocked'; title: string; message: string }
  | { page: 'gallery'; title: string; gallery: GalleryData; comments: ReviewThread }
  | { page: 'item'; title: string; item: DirectoryItem; reviews: ReviewThread }
  | {
      page: 'moderation';
      title: string;
      status: ReviewStatus;
      counts: Record<ReviewStatus, number>;
      reviews: ModerationReview[];
      /** Set after a decision, for the announcement. */
      done: string | null;
    }
  | { page: 'spam-shield'; title: string }
  | { page: 'post'; title: string; post: PostView }
  | {
      page: 'search';
      title: string;
      /** The text searched for, as typed. */
      query: string;
      hits: SearchHit[];
      /** Set when the text was too short to search, or nothing matched. */
      message: string | null;
    };

export interface SessionUser {
  name: string;
  role: string;
}

export interface PageContext {
  siteName: string;
  user: SessionUser | null;
  /** A nonce for the site's own classic forms (sign-in, sign-out). */
  formNonce: string;
  /** What protected forms render for the spam shield. */
  shield: {
    honeypot: { name: string; value: string };
    /** The pixel the server draws (pixel setting 1), or null. */
    pixelUrl: string | null;
    /** The real-person badge's texts and pictures (as `ctPublic.theRealPerson`), or null when it is off. */
    theRealPerson: TheRealPerson | null;
  };
  /** The site lightbox's settings: it binds the links of every page. */
  lightbox: LightboxSettings;
  /** The header live search's settings; absent from a server without the site search. */
  liveSearch?: LiveSearchPageSettings;
  /** The theme's frame settings, and the page's slider (the home page's, when it has slides). */
  theme?: { header: HeaderSettings; menus: MenuSettings; toTop: ToTopSettings; slider: SliderSettings | null };
  data: PageData;
}

/** The id of the JSON script element that carries the page context into the browser. */
export const PAGE_CONTEXT_ELEMENT_ID = 'waymark-page';
/** The id of the element React renders into. */
export const ROOT_ELEMENT_ID = 'root';
