import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  ShopCartLineTable,
  ShopCartTable,
  ShopListingOwnerTable,
  ShopOrderLineTable,
  ShopOrderTable,
} from './shop-tables.js';

/**
 * The tables, as Kysely sees them. Booleans are stored as 0/1 and times as ISO-8601 text so
 * that one set of migrations and queries serves SQLite and PostgreSQL alike.
 */

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: number;
}

export interface ListTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  title: string;
  position: number;
  /** JSON object of per-list settings (pagination, per page, ...). */
  settings: string;
}

export interface ItemTable {
  id: Generated<number>;
  list_id: number;
  position: number;
  title: string;
  subtitle: string;
  /** Long description, HTML sanitized on write. */
  description: string;
  /** Custom content shown in the item, HTML sanitized on write. */
  content: string;
  address: string;
  /** Location text (`data-local`). */
  locality: string;
  phone: string;
  /** Business hours (`data-businesshour`). */
  hours: string;
  url: string;
  image: string;
  /** What the image shows, for its `alt` text; empty when nobody described it (0005-image-alt). */
  image_alt: Generated<string>;
  lat: number | null;
  lon: number | null;
  paid: number;
  /** 1 when the item is featured: a featured listing was bought, or an administrator marked it (0018-featured-items). */
  featured: Generated<number>;
  /** Custom marker icon URL, or null for the default marker. */
  marker: string | null;
  owner_email: string;
  created_at: string;
  updated_at: string;
  /** Upvotes counted so far (0002-directory). */
  votes: Generated<number>;
}

export interface TagTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface ItemTagTable {
  item_id: number;
  tag_id: number;
}

export interface SettingTable {
  key: string;
  /** JSON value. */
  value: string;
  updated_at: string;
}

export interface UpvoteTable {
  id: Generated<number>;
  item_id: number;
  /** The visitor's signed-cookie id, hashed: one vote per visitor per item. */
  voter_key: string;
  created_at: string;
}

export const ROLES = ['administrator', 'editor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

export interface UserTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  created_at: string;
  /** When the owner confirmed the e-mail address; null until then (0010-accounts). */
  verified_at: Generated<string | null>;
  /** When an administrator disabled the account; null while it may sign in (0013-back-office). */
  disabled_at: Generated<string | null>;
}

export interface SessionTable {
  /** SHA-256 of the cookie token: a stolen database does not yield live sessions. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface SpamLogTable {
  id: Generated<number>;
  created_at: string;
  form: string;
  allowed: number;
  score: number;
  /** JSON list of reason codes. */
  reasons: string;
  /** A keyed hash of the client address: the log never holds the address itself. */
  client_hash: string;
  /** A keyed hash of address and browser, the visitor a "not spam" trusts ('' before it was kept). */
  visitor_hash: Generated<string>;
  /** JSON object of the evidence the verdict weighed. */
  details: string;
  /** The text the verdict judged (what a visitor wrote, cut to a few thousand characters). */
  content: Generated<string>;
}

/** How often a token appeared in texts the administrators called spam and not spam ('' counts texts). */
export interface ShieldContentTokenTable {
  token: string;
  spam: number;
  ham: number;
}

/** One administrator's decision about one text, by where the text came from (`review:12`, `spam-log:40`). */
export interface ShieldContentLessonTable {
  source: string;
  verdict: 'spam' | 'ham';
  /** JSON list of the text's tokens, so a changed decision takes back exactly what it taught. */
  tokens: string;
  created_at: string;
}

/** A visitor an administrator called "not spam" in the spam log, trusted until `until`. */
export interface ShieldTrustedVisitorTable {
  visitor_hash: string;
  until: string;
  /** The spam-log entry whose decision trusted it: a later "spam" there takes the trust back. */
  spam_log_id: number;
}

/** Something a person asked for by e-mail link instead of a picture (issue 27), until confirmed. */
export interface EmailConfirmationTable {
  /** SHA-256 of the link's token: the database never holds a working link. */
  token_hash: string;
  kind: string;
  /** JSON of what the confirmation does, as its feature wrote it. */
  payload: string;
  email: string;
  expires_at: string;
  created_at: string;
}

export interface AltSessionTable {
  /** A keyed hash of client address, user agent and accept-language. */
  id: string;
  name: string;
  /** JSON value, coerced to the name's type. */
  value: string;
  expires_at: string;
}

export interface ShieldPixelHitTable {
  id: Generated<number>;
  client_hash: string;
  created_at: string;
}

export interface SuggestionTable {
  id: Generated<number>;
  name: string;
  address: string;
  website: string;
  email: string;
  note: string;
  status: string;
  created_at: string;
}

export interface ReviewTable {
  id: Generated<number>;
  /** The reviewed item, or null for a comment on a page. */
  item_id: number | null;
  /** The commented page's path, or null for a review of an item. */
  page_path: string | null;
  author: string;
  /** Kept for the administrators only; never shown on a page. */
  author_email: string;
  /** Plain text as the author wrote it. */
  body: string;
  /** `published`, `held` or `spam`. */
  status: string;
  /** 1 when the spam shield judged the author a person beyond doubt (the real-person badge). */
  real_person: number;
  score: number;
  /** JSON list of the verdict's reason codes. */
  reasons: string;
  created_at: string;
}

export interface PendingListingTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  url: string;
  address: string;
  /** Kept for the administrators only; never shown on a page. */
  owner_email: string;
  /** The category the owner chose, or null once it was deleted. */
  category_id: number | null;
  /** JSON list of tag names: chosen ones and the owner's own. */
  tags: string;
  /** `once` or `recurring`: the payment the owner chose (none is taken yet). */
  payment: string;
  /** `pending`, `approved` or `rejected`. */
  status: string;
  score: number;
  /** JSON list of the spam shield's reason codes. */
  reasons: string;
  /** The item an approval made. */
  item_id: number | null;
  created_at: string;
  decided_at: string | null;
  /** The chosen address suggestion's position (0015-listing-coordinates): both or neither. */
  lat: number | null;
  lon: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  /** What the message is (`contact-owner`, `verify-email`, ...), for the administrators' view. */
  kind: string;
  to_address: string;
  /** A visitor's address goes here, never in From. */
  reply_to: string | null;
  subject: string;
  text_body: string;
  /** From our own templates, every visitor-supplied string escaped. */
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The instance whose worker holds the row until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: Generated<string>;
  created_at: string;
}

export const POST_KINDS = ['page', 'article'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export interface PostTable {
  id: Generated<number>;
  type: PostKind;
  /** The last part of its clean address (`/pages/<slug>`, `/articles/<slug>`), unique per type. */
  slug: string;
  title: string;
  /** HTML sanitized on write. */
  body: string;
  image: Generated<string>;
  image_alt: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** One row (id 1): a number the search index's triggers raise on every write (0012-posts). */
export interface SearchStateTable {
  id: number;
  generation: number | string;
}

export interface BookmarkTable {
  user_id: number;
  item_id: number;
  created_at: string;
}

/** A business owner's claim of an item (0013-back-office). */
export interface ItemClaimTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  message: string;
  /** `pending`, `approved` or `rejected`. */
  status: string;
  created_at: string;
  decided_at: string | null;
}

export interface Database {
  categories: CategoryTable;
  lists: ListTable;
  items: ItemTable;
  tags: TagTable;
  item_tags: ItemTagTable;
  settings: SettingTable;
  users: UserTable;
  sessions: SessionTable;
  spam_log: SpamLogTable;
  shield_content_tokens: ShieldContentTokenTable;
  shield_content_lessons: ShieldContentLessonTable;
  shield_trusted_visitors: ShieldTrustedVisitorTable;
  email_confirmations: EmailConfirmationTable;
  alt_sessions: AltSessionTable;
  shield_pixel_hits: ShieldPixelHitTable;
  suggestions: SuggestionTable;
  upvotes: UpvoteTable;
  reviews: ReviewTable;
  pending_listings: PendingListingTable;
  outbox: OutboxTable;
  bookmarks: BookmarkTable;
  posts: PostTable;
  search_state: SearchStateTable;
  item_claims: ItemClaimTable;
  shop_carts: ShopCartTable;
  shop_cart_lines: ShopCartLineTable;
  shop_listing_owners: ShopListingOwnerTable;
  shop_orders: ShopOrderTable;
  shop_order_lines: ShopOrderLineTable;
}

export type Category = Selectable<CategoryTable>;
export type List = Selectable<ListTable>;
export type Item = Selectable<ItemTable>;
export type NewItem = Insertable<ItemTable>;
export type Tag = Selectable<TagTable>;
export type User = Selectable<UserTable>;
export type Review = Selectable<ReviewTable>;
