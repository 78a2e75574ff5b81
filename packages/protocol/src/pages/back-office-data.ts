/**
 * The back office's pages as the server hands them over: lists, categories and tags; settings;
 * people; claims, and the business owner's claim and edit forms.
 */

/** Field name (or `form`) to message. */
export type FormErrors = Record<string, string>;

export interface AdminListRow {
  id: number;
  title: string;
  slug: string;
  items: number;
}

export interface AdminCategoryRow {
  id: number;
  name: string;
  slug: string;
  lists: AdminListRow[];
}

export interface AdminTagRow {
  id: number;
  name: string;
  slug: string;
  items: number;
}

/** One field of a settings form, made on the server from the settings object's schema. */
export type SettingsField =
  | { kind: 'boolean'; name: string; label: string; value: boolean }
  /** `optional`: the field may be left unset (''), which keeps the site's own behaviour. */
  | { kind: 'select'; name: string; label: string; value: string; options: string[]; optional?: boolean }
  | {
      kind: 'number';
      name: string;
      label: string;
      value: string;
      min?: number;
      max?: number;
      integer: boolean;
      optional?: boolean;
    }
  | {
      kind: 'text';
      name: string;
      label: string;
      value: string;
      maxLength?: number;
      multiline: boolean;
      /** A word from `options`, or else a number (a union of names and numbers). */
      options?: string[];
      pattern?: string;
    }
  /** A list of strings, one a line. */
  | { kind: 'lines'; name: string; label: string; value: string }
  /** A list of choices, several at once. */
  | { kind: 'choices'; name: string; label: string; value: string[]; options: string[] }
  /** A list of records: JSON text. */
  | { kind: 'json'; name: string; label: string; value: string }
  | { kind: 'group'; name: string; label: string; fields: SettingsField[] };

export interface SettingsObjectLink {
  key: string;
  label: string;
}

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  role: string;
  disabled: boolean;
  verified: boolean;
  /** The signed-in administrator's own row. */
  self: boolean;
}

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export interface ClaimRow {
  id: number;
  itemId: number;
  itemTitle: string;
  userName: string;
  userEmail: string;
  message: string;
  status: ClaimStatus;
  createdAt: string;
}

/** The public fields an approved owner edits. */
export interface OwnerItemValues {
  title: string;
  subtitle: string;
  description: string;
  phone: string;
  hours: string;
  url: string;
  address: string;
}

export type BackOfficePageData =
  | {
      page: 'admin-lists';
      title: string;
      categories: AdminCategoryRow[];
      tags: AdminTagRow[];
      errors: FormErrors;
      /** Set after a change, for the announcement. */
      done: string | null;
    }
  | {
      page: 'admin-settings';
      title: string;
      objects: SettingsObjectLink[];
      current: SettingsObjectLink;
      fields: SettingsField[];
      errors: FormErrors;
      done: string | null;
    }
  | {
      page: 'admin-people';
      title: string;
      people: PersonRow[];
      roles: { value: string; label: string }[];
      errors: FormErrors;
      done: string | null;
    }
  | {
      page: 'admin-claims';
      title: string;
      status: ClaimStatus;
      counts: Record<ClaimStatus, number>;
      claims: ClaimRow[];
      done: string | null;
    }
  | {
      page: 'claim-item';
      title: string;
      item: { id: number; title: string };
      /** The visitor's own claim of this item, if any. */
      existing: ClaimStatus | null;
      message: string;
      errors: FormErrors;
      sent: string | null;
    }
  | {
      page: 'owner-item';
      title: string;
      itemId: number;
      values: OwnerItemValues;
      errors: FormErrors;
      done: string | null;
    };
