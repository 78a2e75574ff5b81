import type { ListingValues } from '@waymark/protocol';
import { firstString } from '../plugins/bodies.js';

/** The default tags' "Other" checkbox: its value among the chosen tags. */
export const OTHER_TAG = 'other';
const MAX_OWN_TAGS = 10;
const MAX_TAG_LENGTH = 60;

export const EMPTY_LISTING: ListingValues = {
  title: '',
  subtitle: '',
  url: '',
  address: '',
  email: '',
  category: '',
  tags: [],
  otherTags: '',
  recurring: false,
};

/** A checked listing, ready to keep. */
export interface ListingSubmission {
  title: string;
  subtitle: string;
  url: string;
  address: string;
  email: string;
  categoryId: number;
  /** The directory's tags the owner chose, then their own. */
  tags: string[];
  payment: 'once' | 'recurring';
}

const text = (value: unknown, max: number) => (firstString(value) ?? '').trim().slice(0, max);
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').slice(0, 100);

/** The form's fields as the owner sent them, cut to size: what the page shows again after an error. */
export function listingValues(fields: Record<string, unknown>): ListingValues {
  return {
    title: text(fields.title, 300),
    subtitle: text(fields.subtitle, 300),
    url: text(fields.url, 2_000),
    address: text(fields.address, 500),
    email: text(fields.email, 320),
    category: text(fields.category, 200),
    tags: strings(fields.tags).map((tag) => tag.slice(0, 200)),
    otherTags: text(fields.other_tags, 300),
    recurring: firstString(fields.recurring) !== undefined,
  };
}

/** The owner's own tags: separated with commas, trimmed, each once. */
export function ownTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ').slice(0, MAX_TAG_LENGTH);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags.slice(0, MAX_OWN_TAGS);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the values against the directory's categories and tags: a listing needs a name, the
 * owner's e-mail address and a category; the extra tags are required only while "Other" is
 * checked (as the page's form requires them).
 */
export function checkListing(
  values: ListingValues,
  directory: { categories: { id: number; slug: string }[]; tags: string[] },
): { ok: true; listing: ListingSubmission } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.title) errors.title = 'Please give the name of your business.';
  if (values.url && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(values.url)) {
    errors.url = 'Please give a web address that starts with https:// or http://.';
  }
  if (!EMAIL.test(values.email)) errors.email = 'Please give an e-mail address we can reach you at.';
  const category = directory.categories.find((c) => c.slug === values.category);
  if (!category) errors.category = 'Please choose a category.';
  const other = values.tags.includes(OTHER_TAG);
  const own = other ? ownTags(values.otherTags) : [];
  if (other && own.length === 0) errors.other_tags = 'Please give your other tags, or uncheck "Other".';
  if (!category || Object.keys(errors).length > 0) return { ok: false, errors };

  const known = directory.tags.filter((tag) => values.tags.includes(tag));
  const tags = [...known, ...own.filter((tag) => !known.some((k) => k.toLowerCase() === tag.toLowerCase()))];
  return {
    ok: true,
    listing: {
      title: values.title,
      subtitle: values.subtitle,
      url: values.url,
      address: values.address,
      email: values.email,
      categoryId: category.id,
      tags,
      payment: values.recurring ? 'recurring' : 'once',
    },
  };
}
