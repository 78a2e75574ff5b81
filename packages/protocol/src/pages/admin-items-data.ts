/**
 * The back office's item pages as the server hands them over: the item table, the item form and
 * the CSV import with its report.
 */

export const ADMIN_ITEM_SORTS = ['title', 'subtitle', 'address', 'list', 'updated'] as const;
export type AdminItemSort = (typeof ADMIN_ITEM_SORTS)[number];

/** One row of the item table. */
export interface AdminItemRowView {
  id: number;
  title: string;
  subtitle: string;
  address: string;
  list: string;
  paid: boolean;
  featured: boolean;
  /** The item's picture's thumbnail, '' for none. */
  thumb: string;
  /** ISO time. */
  updatedAt: string;
}

/** What the table shows: the search, the list filter, the sort and the page. */
export interface AdminItemQuery {
  q: string;
  /** A list's id, or null for every list. */
  list: number | null;
  sort: AdminItemSort;
  dir: 'asc' | 'desc';
  page: number;
}

/** The item form's fields as text, as the administrator typed them. */
export interface AdminItemValues {
  list: string;
  title: string;
  subtitle: string;
  address: string;
  lat: string;
  lon: string;
  locality: string;
  phone: string;
  hours: string;
  url: string;
  /** Separated with commas. */
  tags: string;
  paid: boolean;
  featured: boolean;
  marker: string;
  ownerEmail: string;
  /** Rich text, sanitized by the server. */
  description: string;
  /** The stored picture's address, '' for none. */
  image: string;
  imageAlt: string;
}

export interface AdminListOption {
  id: number;
  title: string;
}

/** One refused row of an import: its line in the file and why. */
export interface ImportProblem {
  row: number;
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  /** Rows read, without the header. */
  rows: number;
  problems: ImportProblem[];
  /** Items written: 0 for a dry run or when any row was refused. */
  imported: number;
}

export type AdminItemsPageData =
  | {
      page: 'admin-items';
      title: string;
      rows: AdminItemRowView[];
      total: number;
      perPage: number;
      query: AdminItemQuery;
      lists: AdminListOption[];
      /** Set after a change, for the announcement. */
      done: string | null;
    }
  | {
      page: 'admin-item';
      title: string;
      /** null for a new item. */
      id: number | null;
      values: AdminItemValues;
      /** Field name (or `form`) to message. */
      errors: Record<string, string>;
      lists: AdminListOption[];
      categories: { id: number; slug: string; name: string }[];
      /** The geocoder's base URL for the address suggestions; '' for this site. */
      geocoder: string;
      done: string | null;
    }
  | {
      page: 'admin-import';
      title: string;
      /** The CSV columns, in order. */
      columns: string[];
      report: ImportReport | null;
      errors: Record<string, string>;
    };
