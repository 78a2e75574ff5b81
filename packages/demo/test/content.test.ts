import { describe, expect, it } from 'vitest';
import { generateDirectory, type Directory, type SeedItem } from '../src/seed/generate.js';
import { drawHours, formatWeek, type HoursStyle } from '../src/seed/hours.js';
import { PICTURE_BUDGET, planPictures } from '../src/seed/images.js';
import { createRandom } from '../src/seed/random.js';
import { generateReviews } from '../src/seed/reviews.js';
import { SCENES, drawScene, type SceneKey } from '../src/seed/scenes/index.js';
import { THEMES } from '../src/seed/themes.js';

/**
 * The demo reads like a real directory: no two places in a category share a subtitle, hours
 * and tags fit the kind of place, reviews differ, and every picture is a drawn scene without
 * words, with an alt text that says what it shows.
 */

const directory = (items: number, seed = 1): Directory =>
  generateDirectory({ items, random: createRandom(seed), markers: [], now: '2025-01-01T00:00:00.000Z' });

const small = directory(300);
/** Large enough for every theme to have a list of its own. */
const medium = directory(2_000, 5);
const categoryOf = new Map(small.lists.map((l) => [l.slug, l.categorySlug]));
const themeOf = (item: SeedItem) => item.voice.theme;
const ofTheme = (key: string) => medium.items.filter((item) => themeOf(item) === key);

/** Minutes after midnight of every time in an hours text; after-midnight closes count past 24:00. */
function times(hours: string): { opens: number[]; closes: number[] } {
  const opens: number[] = [];
  const closes: number[] = [];
  for (const [, a = '', b = ''] of hours.matchAll(/(\d{1,2}:\d{2})–(\d{1,2}:\d{2})/g)) {
    const minutes = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
    const open = minutes(a);
    let close = minutes(b);
    if (close <= open) close += 24 * 60;
    opens.push(open);
    closes.push(close);
  }
  return { opens, closes };
}

const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

describe('demo content', () => {
  it('gives every item in a category its own subtitle, and every item its own description', () => {
    const byCategory = new Map<string, string[]>();
    for (const item of small.items) {
      const category = categoryOf.get(item.listSlug) ?? '';
      byCategory.set(category, [...(byCategory.get(category) ?? []), item.row.subtitle]);
    }
    expect(byCategory.size).toBe(5);
    for (const [category, subtitles] of byCategory) {
      expect(new Set(subtitles).size, category).toBe(subtitles.length);
      for (const subtitle of subtitles) {
        expect(subtitle.length, subtitle).toBeLessThanOrEqual(90);
        expect(subtitle, subtitle).toMatch(/^[A-Z0-9ÀÉ]/);
        expect(subtitle, subtitle).not.toMatch(/[{}[\]]|undefined|NaN/);
      }
    }
    const descriptions = small.items.map((item) => item.row.description);
    expect(new Set(descriptions).size).toBe(300);
    for (const text of descriptions) {
      expect(text, text).not.toMatch(/[{}[\]]|undefined|NaN/);
      expect(text, text).not.toMatch(/\b(the the|a an?|an a)\b/i);
    }
    // The old placeholder tagline is gone.
    expect(small.items.some((item) => item.row.subtitle === 'Neighbourhood bakery since 1987')).toBe(false);
  });

  it('features about half of the paid items, and no unpaid one', () => {
    for (const { items } of [small, medium]) {
      const paid = items.filter((item) => item.row.paid === 1);
      const featured = items.filter((item) => item.row.featured === 1);
      expect(featured.every((item) => item.row.paid === 1)).toBe(true);
      expect(featured.length / paid.length).toBeGreaterThan(0.3);
      expect(featured.length / paid.length).toBeLessThan(0.7);
      expect(items.every((item) => item.row.featured === 0 || item.row.featured === 1)).toBe(true);
    }
    // One seed, one directory: the marks too.
    expect(directory(300).items.map((item) => [item.row.title, item.row.paid, item.row.featured])).toEqual(
      small.items.map((item) => [item.row.title, item.row.paid, item.row.featured]),
    );
  });

  it('keeps subtitles from repeating within a category at 10,000 items', () => {
    const large = directory(10_000);
    const category = new Map(large.lists.map((l) => [l.slug, l.categorySlug]));
    const seen = new Set<string>();
    let repeats = 0;
    for (const item of large.items) {
      const key = `${category.get(item.listSlug)}:${item.row.subtitle}`;
      if (seen.has(key)) repeats += 1;
      seen.add(key);
    }
    expect(repeats).toBeLessThan(100);
    expect(new Set(large.items.map((item) => item.row.description)).size).toBeGreaterThan(9_900);
  });

  it('grounds the words in the item: its title, city and street, and the kind of place it is', () => {
    for (const item of small.items) {
      const { facts } = item.voice;
      expect(facts.name).toBe(item.row.title);
      expect(facts.city).toBe(item.row.locality);
      expect(item.row.address).toContain(facts.street);
    }
    // A bakery talks about bread and a barber about shaves, not the other way round.
    const bakeries = medium.items.filter((item) => /Bakery|Boulangerie/.test(item.row.title));
    expect(bakeries.length).toBeGreaterThan(0);
    for (const item of bakeries) expect(item.voice.facts.noun).toMatch(/bakery/);
    const text = (items: SeedItem[]) => items.map((i) => `${i.row.subtitle} ${i.row.description}`).join(' ');
    expect(text(ofTheme('bookshops'))).not.toMatch(/croissant|espresso|haircut/i);
    expect(text(ofTheme('cafes'))).not.toMatch(/novels|boiler|dentist/i);
  });

  it('draws opening hours that vary and fit the kind of place', () => {
    expect(new Set(small.items.map((item) => item.row.hours)).size).toBeGreaterThan(200);
    expect(new Set(medium.items.map((item) => themeOf(item))).size).toBe(THEMES.length);
    for (const theme of THEMES) {
      const items = ofTheme(theme.key);
      if (items.length >= 4) expect(new Set(items.map((i) => i.row.hours)).size, theme.key).toBeGreaterThan(2);
    }
    const cafes = ofTheme('cafes').flatMap((i) => times(i.row.hours).opens);
    const bars = ofTheme('bars').flatMap((i) => times(i.row.hours).closes);
    const shops = ofTheme('bookshops').flatMap((i) => times(i.row.hours).closes);
    expect(average(cafes)).toBeLessThan(9 * 60);
    expect(average(bars)).toBeGreaterThan(23 * 60);
    expect(average(shops)).toBeLessThan(21 * 60);
    // Closed days differ: not every place opens every day, and not every place closes on the same one.
    expect(medium.items.filter((i) => i.row.hours.startsWith('Daily')).length).toBeLessThan(600);

    const random = createRandom(4);
    const styles: HoursStyle[] = ['cafe', 'bar', 'restaurant', 'museum', 'club', 'service', 'shop'];
    for (const style of styles) {
      const drawn = new Set(Array.from({ length: 30 }, () => drawHours(style, random).text));
      expect(drawn.size, style).toBeGreaterThan(10);
    }
    expect(formatWeek([null, [[540, 1080]], [[540, 1080]], null, [[540, 1080]], [[600, 960]], null])).toBe(
      'Tue–Wed, Fri 9:00–18:00; Sat 10:00–16:00',
    );
    expect(formatWeek(Array.from({ length: 7 }, () => [[480, 1080]] as const))).toBe('Daily 8:00–18:00');
  });

  it('gives tags that are true of the place', () => {
    const diet = ['vegan', 'vegetarian', 'gluten-free'];
    for (const theme of ['bookshops', 'hair', 'repairs', 'professional', 'bikes', 'hardware']) {
      for (const item of ofTheme(theme)) {
        for (const tag of diet) expect(item.tagSlugs, `${item.row.title} (${theme})`).not.toContain(tag);
      }
    }
    for (const item of medium.items) {
      const theme = THEMES.find((t) => t.key === themeOf(item));
      expect(item.tagSlugs.length).toBeLessThanOrEqual(4);
      if (item.tagSlugs.includes('open-sundays')) expect(item.row.hours, item.row.title).toMatch(/Sun|Daily/);
      if (item.tagSlugs.includes('open-late')) {
        expect(Math.max(...times(item.row.hours).closes), item.row.title).toBeGreaterThanOrEqual(23 * 60);
      }
      if (item.tagSlugs.includes('outdoor-seating')) expect(theme?.category).toBe('food-and-drink');
    }
  });

  it('writes reviews that differ, by people with local names, about what the place offers', () => {
    const subjects = small.items.map((item, i) => ({ ...item.voice, itemId: i + 1 }));
    const visitors = [...new Set(small.items.map((item) => item.voice.locale))];
    const reviews = generateReviews(subjects, visitors, createRandom(3), new Date('2025-01-01T00:00:00Z'));
    expect(reviews.length).toBeGreaterThan(120);
    const bodies = reviews.map((r) => r.body);
    expect(new Set(bodies).size).toBeGreaterThan(reviews.length * 0.95);
    expect(new Set(reviews.map((r) => r.author)).size).toBeGreaterThan(reviews.length * 0.5);
    for (const body of bodies) expect(body, body).not.toMatch(/[{}[\]]|undefined|^\s|\s$/);
    // Some name a way to reach the place, for contact protection to hide.
    const contacts = reviews.filter((r) => /@|\+\d/.test(r.body)).length;
    expect(contacts).toBeGreaterThan(3);
    expect(contacts).toBeLessThan(reviews.length * 0.3);
    // Many mention something the place is known for.
    const mentions = reviews.filter((r) => {
      const facts = subjects[(r.item_id as number) - 1]?.facts;
      return [facts?.offer, facts?.offer2].some((offer) => offer && r.body.includes(offer));
    });
    expect(mentions.length).toBeGreaterThan(reviews.length * 0.3);
    for (const review of reviews) {
      const item = subjects[(review.item_id as number) - 1];
      expect(item).toBeDefined();
    }
  });

  it('draws every scene as shapes, never as words, with an alt text that says what it shows', () => {
    const random = createRandom(11);
    const keys = Object.keys(SCENES) as SceneKey[];
    const alts = new Set<string>();
    for (const key of keys) {
      for (let n = 0; n < 4; n += 1) {
        const { svg, alt } = drawScene(key, 'place', random);
        expect(svg, key).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="480" height="320"/);
        // No words painted on pictures: no text elements, no fonts, no embedded images.
        expect(svg, key).not.toMatch(/<text|<tspan|font-family|<image|<foreignObject/);
        expect(svg, key).not.toMatch(/NaN|undefined|Infinity/);
        expect(alt, key).toMatch(/^[A-Z][^{}[\]]{20,260}$/);
        expect(alt, key).toMatch(
          /(morning|midday|day|afternoon|evening|dusk|sunset|night|sun goes down|sky|after dark|sun|clouds|lamps lit)$/,
        );
        expect(alt, key).not.toMatch(/undefined|NaN|\ba [aeiou]/);
        alts.add(alt);
      }
    }
    expect(alts.size).toBeGreaterThan(keys.length * 3.5);
  });

  it('gives each of 300 items its own picture, and shares a bounded pool at 10,000', () => {
    const requests = small.items.map((item) => item.scene);
    const plan = planPictures(requests, createRandom(2));
    expect(new Set(plan.pictures.map((p) => p.url)).size).toBe(300);
    expect(plan.jobs).toHaveLength(300);
    small.items.forEach((item, i) => {
      expect(plan.pictures[i]?.alt.toLowerCase(), item.row.title).toBeTruthy();
    });

    const large = directory(10_000, 2);
    const big = planPictures(
      large.items.map((item) => item.scene),
      createRandom(2),
    );
    expect(big.pictures).toHaveLength(10_000);
    expect(big.pictures.every(Boolean)).toBe(true);
    // The budget, plus at most one picture for each small group that rounding lifts to one.
    expect(big.jobs.length).toBeLessThanOrEqual(PICTURE_BUDGET + 60);
    expect(big.jobs.length).toBeGreaterThan(PICTURE_BUDGET / 2);
    // Items that share a picture are of one kind.
    const kinds = new Map<string, string>();
    large.items.forEach((item, i) => {
      const url = big.pictures[i]?.url ?? '';
      const kind = `${item.scene.key}:${item.scene.noun}`;
      expect(kinds.get(url) ?? kind).toBe(kind);
      kinds.set(url, kind);
    });
  });
});
