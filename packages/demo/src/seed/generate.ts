import { type NewItem, escapeHtml } from '@waymark/server/seeding';
import { pickCities, type City } from './cities.js';
import { contentFor, descriptionFor, profileItem, subtitleFor, type Profile } from './describe.js';
import { localeFor, phoneNumber, streetAddress, type Locale } from './locales.js';
import { PROSE } from './prose/index.js';
import type { Random } from './random.js';
import { fill, slugify } from './text.js';
import { ADJECTIVES, CATEGORIES, CONTACT_SENTENCES, DISTRICTS, EVOCATIVE, TAGS, THEMES, type Theme } from './themes.js';

/**
 * The demo directory as plain data, built from one random stream and nothing else, so the same
 * seed gives the same directory whatever database it is written to.
 */

export interface SeedCategory {
  slug: string;
  name: string;
  position: number;
}

export interface SeedList {
  categorySlug: string;
  slug: string;
  title: string;
  position: number;
  settings: string;
}

export interface SeedItem {
  listSlug: string;
  tagSlugs: string[];
  /** `image` and `image_alt` stay empty here: the pictures are drawn apart (see pictures.ts). */
  row: Omit<NewItem, 'id' | 'list_id'>;
  /** The picture that suits the item, and what its reviewers may talk about. */
  scene: Profile['scene'];
  voice: Voice;
}

/** What reviews of an item may mention. */
export interface Voice {
  theme: string;
  facts: Profile['facts'];
  locale: Locale;
  phone: string;
  email: string;
}

export interface Directory {
  categories: SeedCategory[];
  lists: SeedList[];
  tags: { slug: string; name: string }[];
  items: SeedItem[];
}

export interface GenerateOptions {
  items: number;
  random: Random;
  markers: readonly string[];
  /** Written to every row's created_at and updated_at. */
  now: string;
}

/** A list per this many items once the directory outgrows the minimum. */
const ITEMS_PER_LIST = 100;
const MIN_LISTS = 8;
const JITTER_DEGREES = 0.03;
const SHARE_UNLOCATED = 0.02;
const SHARE_PAID = 0.1;
/** Of the paid items, the share that bought the featured listing. */
const SHARE_FEATURED_OF_PAID = 0.5;
const SHARE_MARKER = 0.15;
const SHARE_CONTACT_IN_TEXT = 0.2;
const SHARE_CONTENT = 0.45;
const SHARE_OFFICIAL_LINKS = 0.4;
const TITLE_TRIES = 12;
const PAGINATED = JSON.stringify({ paginate: true, perPage: 12 });

export function listCount(items: number): number {
  return Math.max(Math.min(MIN_LISTS, items), Math.round(items / ITEMS_PER_LIST));
}

/** Names already taken: host names across the directory, subtitles per category. */
interface Used {
  hosts: Set<string>;
  subtitles: Map<string, Set<string>>;
}

interface ListPlan {
  list: SeedList;
  theme: Theme;
  /** Set for lists about one city ("Restaurants in Lyon"); the others span every city. */
  city: City | undefined;
}

export function generateDirectory(options: GenerateOptions): Directory {
  const { random } = options;
  const cities = pickCities(Math.min(240, Math.max(16, Math.ceil(options.items / 25))), random);
  if (cities.length === 0) throw new Error('No cities available to place the demo items in');

  const categories: SeedCategory[] = CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, position }));
  const plans = planLists(listCount(options.items), cities, random);
  const sizes = splitSizes(options.items, plans.length, random);

  const used: Used = { hosts: new Set(), subtitles: new Map() };
  const items: SeedItem[] = [];
  plans.forEach((plan, listIndex) => {
    const size = sizes[listIndex] ?? 0;
    const titles = new Set<string>();
    for (let position = 0; position < size; position += 1) {
      const city = plan.city ?? random.pick(cities);
      items.push(makeItem(plan, city, position, titles, used, options));
    }
  });
  // Drawn after every item, so that marking some paid items featured shifts none of the items' own draws.
  for (const { row } of items) row.featured = row.paid === 1 && random.chance(SHARE_FEATURED_OF_PAID) ? 1 : 0;

  return { categories, lists: plans.map((p) => p.list), tags: TAGS.map((t) => ({ ...t })), items };
}

/**
 * The first pass over the themes gives the general lists; every further list narrows a theme to
 * one city, which keeps titles unique and reads like a real directory.
 */
function planLists(count: number, cities: readonly City[], random: Random): ListPlan[] {
  const positions = new Map<string, number>();
  const slugs = new Set<string>();
  const cityOrder = random.shuffle(cities);
  const titles = new Set<string>();
  const plans: ListPlan[] = [];
  for (let i = 0; i < count; i += 1) {
    const theme = THEMES[i % THEMES.length] as Theme;
    let city: City | undefined;
    let title = theme.title;
    // Walk on from this list's city until the theme has no list there yet; names repeat only
    // once every theme has a list in every city.
    for (let step = 0; i >= THEMES.length && step <= cityOrder.length; step += 1) {
      city = cityOrder[(i - THEMES.length + step) % cityOrder.length];
      title = `${theme.title} in ${city?.name}`;
      if (!titles.has(title)) break;
    }
    titles.add(title);
    const position = positions.get(theme.category) ?? 0;
    positions.set(theme.category, position + 1);
    plans.push({
      theme,
      city,
      list: {
        categorySlug: theme.category,
        slug: unique(slugify(title, 'list'), slugs),
        title,
        position,
        settings: i % 2 === 0 ? PAGINATED : '{}',
      },
    });
  }
  return plans;
}

/** Uneven list sizes, as in a real directory, that still add up to `total` with none empty. */
function splitSizes(total: number, lists: number, random: Random): number[] {
  if (lists === 0) return [];
  const weights = Array.from({ length: lists }, () => random.float(0.6, 1.4));
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = total - lists;
  const shares = weights.map((w) => (w / sum) * spare);
  const sizes = shares.map((s) => 1 + Math.floor(s));
  let left = total - sizes.reduce((a, b) => a + b, 0);
  // Largest remainders first, so rounding never drops or adds an item.
  const order = shares.map((s, i) => ({ i, rest: s - Math.floor(s) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    sizes[i] = (sizes[i] ?? 0) + 1;
    left -= 1;
  }
  return sizes;
}

function makeItem(
  plan: ListPlan,
  city: City,
  position: number,
  usedTitles: Set<string>,
  used: Used,
  options: GenerateOptions,
): SeedItem {
  const { random } = options;
  const { theme } = plan;
  const prose = PROSE[theme.key];
  if (!prose) throw new Error(`The demo theme ${theme.key} has no words in prose/`);
  const locale = localeFor(city.country);
  const citySlug = slugify(city.name, 'city');

  let host: string;
  let url: string;
  let ownerEmail: string;
  const { title, link } = chooseTitle(theme, city, locale.surnames, usedTitles, random);
  if (link) {
    host = `${citySlug}.example`;
    url = `https://${host}${link.path}`;
    ownerEmail = `info@${host}`;
  } else {
    host = `${unique(hostLabel(title), used.hosts, citySlug)}.example`;
    url = `https://${host}${theme.paths ? random.pick(theme.paths) : '/'}`;
    ownerEmail = `hello@${host}`;
  }

  const phone = phoneNumber(locale, city, random);
  const located = !random.chance(SHARE_UNLOCATED);
  const lat = located ? round6(clamp(city.lat + random.float(-JITTER_DEGREES, JITTER_DEGREES), -90, 90)) : null;
  const lon = located ? round6(clamp(city.lon + random.float(-JITTER_DEGREES, JITTER_DEGREES), -180, 180)) : null;
  const { street, address } = streetAddress(locale, random);
  const profile = profileItem(
    prose,
    theme.tags,
    { title, city: city.name, country: city.country, street, locale },
    random,
  );
  const subtitles = used.subtitles.get(theme.category) ?? new Set<string>();
  used.subtitles.set(theme.category, subtitles);
  const email = `${theme.contact.mailbox}@${host}`;

  const row: SeedItem['row'] = {
    position,
    title,
    subtitle: subtitleFor(prose, profile.facts, subtitles, random),
    description: descriptionFor(prose, profile, random) + contactParagraph(theme, email, phone, random),
    content: random.chance(SHARE_CONTENT) ? contentFor(prose, profile.facts, random) : '',
    address: `${address}, ${city.name}`,
    locality: city.name,
    phone,
    hours: profile.hours.text,
    url,
    image: '',
    image_alt: '',
    lat,
    lon,
    paid: random.chance(SHARE_PAID) ? 1 : 0,
    marker: random.chance(SHARE_MARKER) && options.markers.length > 0 ? random.pick(options.markers) : null,
    owner_email: ownerEmail,
    created_at: options.now,
    updated_at: options.now,
  };
  return {
    listSlug: plan.list.slug,
    tagSlugs: profile.tags,
    row,
    scene: profile.scene,
    voice: { theme: theme.key, facts: profile.facts, locale, phone, email },
  };
}

/**
 * A name not yet used in the list. Names drawn from the word lists run out in a large list about
 * one city, so after a few tries a branch name tells two places apart, as chains do.
 */
function chooseTitle(
  theme: Theme,
  city: City,
  surnames: readonly string[],
  usedTitles: Set<string>,
  random: Random,
): { title: string; link?: { path: string } } {
  const claim = (title: string): boolean => {
    if (usedTitles.has(title)) return false;
    usedTitles.add(title);
    return true;
  };
  if (theme.links && random.chance(SHARE_OFFICIAL_LINKS)) {
    const link = random.pick(theme.links);
    const title = fill(link.title, { city: city.name });
    if (claim(title)) return { title, link };
  }
  let title = '';
  for (let tries = 0; tries < TITLE_TRIES; tries += 1) {
    title = fill(random.pick(theme.names), {
      evocative: random.pick(EVOCATIVE),
      adjective: random.pick(ADJECTIVES),
      surname: random.pick(surnames),
      city: city.name,
    });
    if (claim(title)) return { title };
  }
  for (let n = 1; ; n += 1) {
    const district = random.pick(DISTRICTS);
    const branch = `${title} (${district}${n > DISTRICTS.length ? ` ${n}` : ''})`;
    if (claim(branch)) return { title: branch };
  }
}

/**
 * One description in five also gives an address or number to reach, as a paragraph of its own;
 * some addresses are links and some plain text, so the page must protect both.
 */
function contactParagraph(theme: Theme, email: string, phone: string, random: Random): string {
  if (!random.chance(SHARE_CONTACT_IN_TEXT)) return '';
  const kind = random.pick(['both', 'both', 'email', 'phone'] as const);
  const shownEmail = random.chance(0.3) ? `<a href="mailto:${email}">${email}</a>` : email;
  const sentence = fill(escapeHtml(random.pick(CONTACT_SENTENCES[kind])), {
    label: escapeHtml(theme.contact.label),
    lowerLabel: escapeHtml(theme.contact.label.toLowerCase()),
    email: shownEmail,
    phone,
  });
  return `<p>${sentence}</p>`;
}

/** `base`, else `base-<qualifier>`, else with a counter: slugs and host names must not repeat. */
function unique(base: string, used: Set<string>, qualifier?: string): string {
  let candidate = base;
  if (used.has(candidate) && qualifier) candidate = `${base}-${qualifier}`;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${base}${qualifier ? `-${qualifier}` : ''}-${n}`;
  used.add(candidate);
  return candidate;
}

/** Short enough that qualifiers still fit in a 63-character DNS label. */
function hostLabel(title: string): string {
  return slugify(title, 'business').slice(0, 40).replace(/-+$/, '');
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
