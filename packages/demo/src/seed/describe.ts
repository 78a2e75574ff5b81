import { escapeHtml } from '@waymark/server/seeding';
import { drawHours, type OpeningHours } from './hours.js';
import { canExpand, expand, type Facts } from './grammar.js';
import { price, type Locale } from './locales.js';
import type { Kind, Prose } from './prose/index.js';
import { HISTORY, LANDMARKS, LOCATION, TAG_SENTENCES, TAGLINES } from './prose/shared.js';
import type { Random } from './random.js';
import type { SceneKey } from './scenes/index.js';

/**
 * One item's character, drawn once and used by everything said about it: what kind of place it
 * is, what it is known for, when it opened and who opened it, its hours and tags, and the
 * picture that shows it. The subtitle, description, custom content and reviews all draw on it,
 * so they agree with each other and with the item's title, city and street.
 */

export interface Profile {
  facts: Facts;
  hours: OpeningHours;
  tags: string[];
  scene: { key: SceneKey; noun: string };
}

export interface ItemPlace {
  title: string;
  city: string;
  country: string;
  street: string;
  locale: Locale;
}

/** Item tag counts, 0 to 4, weighted towards one or two. */
const TAG_COUNTS = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SUBTITLE_TRIES = 16;
const MAX_SUBTITLE = 72;
/** Before this year a founder who "still works there" would be a very old person. */
const PERSONAL_SINCE = 1975;
/** Facts a description mentions once: a second sentence naming them reads like an echo. */
const ONCE = ['feature', 'year', 'landmark', 'street'] as const;

/** The kind whose words appear in the title; the theme's last kind takes the rest. */
export function kindOf(prose: Prose, title: string): Kind {
  const kinds = prose.kinds;
  return kinds.find((k) => k.match?.test(title)) ?? (kinds[kinds.length - 1] as Kind);
}

export function profileItem(prose: Prose, themeTags: readonly string[], place: ItemPlace, random: Random): Profile {
  const kind = kindOf(prose, place.title);
  const hours = drawHours(kind.hours ?? prose.hours, random);
  const first = random.pick(place.locale.firstNames);
  const founder = `${first} ${random.pick(place.locale.surnames)}`;
  const year = random.int(prose.founded[0], prose.founded[1]);
  const base: Record<string, string> = {
    name: place.title,
    city: place.city,
    street: place.street,
    landmark: random.pick(LANDMARKS),
    noun: random.pick(kind.nouns),
    adjective: random.pick(prose.adjectives),
    year: String(year),
    day: random.pick(WEEKDAYS.slice(0, 5)),
    opens: /\d{1,2}:\d{2}/.exec(hours.text)?.[0] ?? '9:00',
    price: price(place.country, random.int(9, 38)),
    smallPrice: price(place.country, random.pick([1, 2, 3, 5])),
    percent: random.pick(['10%', '15%', '20%']),
  };
  Object.assign(base, kind.facts);
  // Templates that speak of a founder are left out where there is none to speak of, and those
  // that speak of lunch, weekends or a late night where the hours say otherwise.
  if (prose.founders !== false && year >= PERSONAL_SINCE) Object.assign(base, { founder, founderFirst: first });
  if (hours.lunch) base.lunch = 'lunch';
  if (hours.weekend) base.weekend = 'weekend';
  if (hours.late) Object.assign(base, { lateDay: hours.late.day, lateUntil: hours.late.until });
  // Offers and features may name the city or the street, so they are filled in first.
  const [offer = '', offer2 = '', offer3 = ''] = random.shuffle(kind.offers).map((o) => expand(o, base, random));
  const facts: Facts = { ...base, offer, offer2, offer3, feature: expand(random.pick(prose.features), base, random) };
  return {
    facts,
    hours,
    tags: pickTags(kind, themeTags, hours, random),
    scene: { key: random.pick(kind.scenes), noun: kind.picture ?? (kind.nouns[0] as string) },
  };
}

/**
 * Tags that are true of the place: its kind's and its theme's, and "Open Sundays" or "Open
 * late" only when its hours say so.
 */
function pickTags(kind: Kind, themeTags: readonly string[], hours: OpeningHours, random: Random): string[] {
  const count = random.pick(TAG_COUNTS);
  const fromHours = new Set(['open-sundays', 'open-late']);
  const allowed = (slug: string) =>
    !fromHours.has(slug) || (slug === 'open-sundays' ? hours.openSundays : hours.openLate);
  const chosen = new Set<string>();
  // The kind's own tags first: a vegan kitchen says so before it mentions card payments.
  for (const slug of random.shuffle(kind.tags ?? [])) {
    if (chosen.size < count && random.chance(0.7) && allowed(slug)) chosen.add(slug);
  }
  const rest = random.shuffle(themeTags).filter(allowed);
  for (const slug of rest) if (chosen.size < count) chosen.add(slug);
  return [...chosen];
}

/**
 * A subtitle not yet used in `used` (the category's), drawn from the theme's and the shared
 * taglines; after many tries one that repeats is better than none.
 */
export function subtitleFor(prose: Prose, facts: Facts, used: Set<string>, random: Random): string {
  const templates = [...prose.taglines, ...prose.taglines, ...TAGLINES];
  let subtitle = '';
  for (let tries = 0; tries < SUBTITLE_TRIES; tries += 1) {
    subtitle = sayOne(templates, facts, random);
    if (subtitle.length <= MAX_SUBTITLE && !used.has(subtitle)) break;
  }
  used.add(subtitle);
  return subtitle;
}

/** One of the templates whose facts are all known for this item. */
export function sayOne(templates: readonly string[], facts: Facts, random: Random): string {
  const usable = templates.filter((t) => canExpand(t, facts));
  return usable.length > 0 ? expand(random.pick(usable), facts, random) : '';
}

/**
 * Two paragraphs: the opening that names the place and what it is known for, then what it is
 * like, its history or whereabouts, and what one of its tags means there. A fact such as the
 * founding year or the street is said once.
 */
export function descriptionFor(prose: Prose, profile: Profile, random: Random): string {
  const { facts } = profile;
  const said = new Set<string>();
  const fresh = (sentence: string): boolean =>
    sentence !== '' && ONCE.every((key) => !(said.has(key) && sentence.includes(facts[key] ?? '\u0000')));
  const say = (sentence: string): string => {
    for (const key of ONCE) if (sentence.includes(facts[key] ?? '\u0000')) said.add(key);
    return sentence;
  };

  const opening = say(sayOne(prose.openings, facts, random));
  const details = random.shuffle(prose.details.filter((t) => canExpand(t, facts))).map((t) => expand(t, facts, random));
  const first = [opening];
  if (random.chance(0.6)) {
    const detail = details.find(fresh);
    if (detail) first.push(say(detail));
  }
  const tagged = profile.tags.filter((t) => TAG_SENTENCES[t]);
  const extras = random.shuffle([
    ...details.filter((d) => !first.includes(d)).slice(0, 2),
    sayOne(HISTORY, facts, random),
    sayOne(LOCATION, facts, random),
    sayOne(prose.practical, facts, random),
    tagged.length > 0 ? sayOne(TAG_SENTENCES[random.pick(tagged)] ?? [], facts, random) : '',
  ]);
  const second: string[] = [];
  const wanted = random.int(1, 3);
  for (const sentence of extras) if (second.length < wanted && fresh(sentence)) second.push(say(sentence));

  return [first, second]
    .filter((sentences) => sentences.length > 0)
    .map((sentences) => `<p>${sentences.map(escapeHtml).join(' ')}</p>`)
    .join('');
}

/** An owner's note in HTML, with the item's facts escaped into it. */
export function contentFor(prose: Prose, facts: Facts, random: Random): string {
  const escaped: Record<string, string> = {};
  for (const [key, value] of Object.entries(facts)) escaped[key] = escapeHtml(value);
  return sayOne(prose.snippets, escaped, random);
}
