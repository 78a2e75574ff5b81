import { checkCoordinates, type AdminItemValues } from '@waymark/protocol';
import { z } from 'zod';
import { sanitizeRichText } from '../../content/sanitize.js';
import { firstString } from '../../plugins/bodies.js';

/** An item's fields as the form and the CSV import give them: each a string, but the paid and featured boxes. */
export const EMPTY_ITEM: AdminItemValues = {
  list: '',
  title: '',
  subtitle: '',
  address: '',
  lat: '',
  lon: '',
  locality: '',
  phone: '',
  hours: '',
  url: '',
  tags: '',
  paid: false,
  featured: false,
  marker: '',
  ownerEmail: '',
  description: '',
  image: '',
  imageAlt: '',
};

const FLAG_FIELDS = ['paid', 'featured'] as const satisfies readonly (keyof AdminItemValues)[];
type TextField = Exclude<keyof AdminItemValues, (typeof FLAG_FIELDS)[number]>;
const isFlag = (key: string) => (FLAG_FIELDS as readonly string[]).includes(key);
const TEXT_FIELDS = Object.keys(EMPTY_ITEM).filter((key) => !isFlag(key)) as TextField[];

const TRUE = new Set(['1', 'on', 'true', 'yes', 'y']);

/** The form's (or a CSV row's) fields as values, each cut to a length no field allows past. */
export function itemValues(fields: Record<string, unknown>): AdminItemValues {
  const values = { ...EMPTY_ITEM };
  for (const key of TEXT_FIELDS) values[key] = (firstString(fields[key]) ?? '').slice(0, 60_000);
  // An unchecked box sends nothing, and a CSV without the column has none: both read as off.
  for (const key of FLAG_FIELDS) values[key] = TRUE.has((firstString(fields[key]) ?? '').trim().toLowerCase());
  return values;
}

/** http, https, or an address on this site (`/…`, never `//host`). */
const isLink = (value: string) => value === '' || /^https?:\/\/[^\s/]+/i.test(value) || /^\/(?!\/)\S*$/.test(value);
const link = (what: string) =>
  z
    .string()
    .trim()
    .max(2_000, `The ${what} is too long.`)
    .refine(isLink, `The ${what} must start with http://, https:// or /.`);

const itemSchema = z.object({
  list: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/, 'Choose a list.')
    .transform(Number),
  title: z.string().trim().min(1, 'The title is required.').max(200, 'The title is too long (200 characters at most).'),
  subtitle: z.string().trim().max(500, 'The subtitle is too long (500 characters at most).'),
  address: z.string().trim().max(500, 'The address is too long (500 characters at most).'),
  locality: z.string().trim().max(200, 'The locality is too long (200 characters at most).'),
  phone: z
    .string()
    .trim()
    .max(60, 'The phone number is too long.')
    .regex(/^[\d\s()+\-./]*$/, 'The phone number may hold digits, spaces and + ( ) - . / only.'),
  hours: z.string().trim().max(200, 'The hours are too long (200 characters at most).'),
  url: link('link'),
  tags: z
    .string()
    .max(2_000, 'Too many tags.')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= 30, 'At most 30 tags.')
    .refine((tags) => tags.every((tag) => tag.length <= 60), 'A tag may have 60 characters at most.'),
  paid: z.boolean(),
  featured: z.boolean(),
  marker: link('marker address'),
  ownerEmail: z
    .string()
    .trim()
    .max(320, 'The e-mail address is too long.')
    .refine((email) => email === '' || z.email().safeParse(email).success, 'The e-mail address is not valid.'),
  description: z.string().max(50_000, 'The description is too long (50,000 characters at most).'),
  image: z.string().trim().max(2_000).refine(isLink, 'The image address must start with http://, https:// or /.'),
  imageAlt: z.string().trim().max(500, 'The image description is too long (500 characters at most).'),
});

/** An item as it is stored: checked, trimmed, its description sanitized. */
export interface CheckedItem {
  listId: number;
  title: string;
  subtitle: string;
  address: string;
  lat: number | null;
  lon: number | null;
  locality: string;
  phone: string;
  hours: string;
  url: string;
  tags: string[];
  paid: boolean;
  featured: boolean;
  marker: string | null;
  ownerEmail: string;
  description: string;
  image: string;
  imageAlt: string;
}

export type ItemCheck = { ok: true; item: CheckedItem } | { ok: false; errors: Record<string, string> };

/** Checks the values; coordinates are both given or both empty, each in its range. */
export function checkItem(values: AdminItemValues): ItemCheck {
  const errors: Record<string, string> = {};
  const parsed = itemSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  }
  const place = checkCoordinates(values.lat.trim(), values.lon.trim());
  if (!place.ok) errors[place.field] = place.message;
  if (!parsed.success || !place.ok) return { ok: false, errors };
  const item = parsed.data;
  return {
    ok: true,
    item: {
      ...item,
      listId: item.list,
      lat: place.lat,
      lon: place.lon,
      marker: item.marker || null,
      description: sanitizeRichText(item.description),
    },
  };
}
