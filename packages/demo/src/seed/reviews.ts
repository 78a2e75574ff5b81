import type { Insertable } from 'kysely';
import type { ReviewTable } from '@waymark/server/seeding';
import { canExpand, expand, type Facts } from './grammar.js';
import type { Locale } from './locales.js';
import { PROSE } from './prose/index.js';
import { REVIEW_CAVEATS, REVIEW_CLOSERS, REVIEW_CONTACTS, REVIEW_OPENERS } from './prose/shared.js';
import type { Random } from './random.js';

/** What a review may say about its item, and where reviewers come from. */
export interface ReviewSubject {
  itemId: number;
  theme: string;
  facts: Facts;
  locale: Locale;
  phone: string;
  email: string;
}

const SHARE_REVIEWED = 1 / 3;
const SHARE_VISITOR = 0.2;
/** Some reviews mention a phone number or e-mail address, so contact protection has work. */
const SHARE_CONTACT = 0.12;
const SHARE_REAL_PERSON = 0.8;

/**
 * Published demo reviews for about one item in three, one to three each, by people with names
 * from the item's country (and some visitors), saying things that fit the kind of place: its
 * offers, its street, its founder. Most authors passed the spam shield beyond doubt and carry
 * the real-person badge; some do not.
 */
export function generateReviews(
  subjects: readonly ReviewSubject[],
  /** Where the one reviewer in five who is not local comes from. */
  visitors: readonly Locale[],
  random: Random,
  now: Date,
): Insertable<ReviewTable>[] {
  const rows: Insertable<ReviewTable>[] = [];
  for (const subject of subjects) {
    if (!random.chance(SHARE_REVIEWED)) continue;
    const count = random.int(1, 3);
    const authors = new Set<string>();
    // Two reviews of one place never open, praise or sign off with the same sentence.
    const said = new Set<string>();
    for (let n = 0; n < count; n += 1) {
      const from = random.chance(SHARE_VISITOR) && visitors.length > 0 ? random.pick(visitors) : subject.locale;
      let author = authorName(from, random);
      // One person reviews a place once.
      while (authors.has(author)) author = authorName(from, random);
      authors.add(author);
      const daysAgo = random.int(1, 400);
      rows.push({
        item_id: subject.itemId,
        page_path: null,
        author,
        author_email: '',
        body: reviewBody(subject, said, random),
        status: 'published',
        real_person: random.chance(SHARE_REAL_PERSON) ? 1 : 0,
        score: 0,
        reasons: '[]',
        created_at: new Date(now.getTime() - daysAgo * 86_400_000 - n * 3_600_000).toISOString(),
      });
    }
  }
  return rows;
}

/** "Maria K.", "Tom Baker" or just "Aoife", as people sign reviews. */
function authorName(locale: Locale, random: Random): string {
  const first = random.pick(locale.firstNames);
  const surname = random.pick(locale.surnames);
  const style = random.int(0, 4);
  if (style === 0) return first;
  if (style === 1) return `${first} ${surname}`;
  // The initial of the name proper, not of a particle: "de Jong" is J.
  const initial = surname
    .replace(/^(de |van |von |O')/i, '')
    .charAt(0)
    .toUpperCase();
  return `${first} ${initial}.`;
}

/**
 * A sentence or two of praise in the theme's voice, perhaps framed by an opener, a caveat, a
 * contact and a sign-off; sometimes two paragraphs, as people write.
 */
function reviewBody(subject: ReviewSubject, said: Set<string>, random: Random): string {
  const prose = PROSE[subject.theme];
  const facts: Facts = { ...subject.facts, phone: subject.phone, email: subject.email };
  const say = (templates: readonly string[]): string => {
    const usable = templates.filter((t) => canExpand(t, facts));
    const fresh = usable.filter((t) => t === '' || !said.has(t));
    const template = fresh.length > 0 ? random.pick(fresh) : usable.length > 0 ? random.pick(usable) : '';
    said.add(template);
    return expand(template, facts, random);
  };
  const praise = prose ? say(prose.praise) : '';
  let opener = say(REVIEW_OPENERS);
  // "Lovely bakery. A proper bakery…" says the noun once too often.
  if (facts.noun && opener.includes(facts.noun) && praise.includes(facts.noun)) opener = '';
  const sentences = [opener, praise];
  if (random.chance(0.35)) sentences.push(say(REVIEW_CAVEATS));
  if (random.chance(SHARE_CONTACT)) sentences.push(say(REVIEW_CONTACTS));
  const closer = say(REVIEW_CLOSERS);
  const body = sentences.filter(Boolean);
  if (closer && random.chance(0.3)) return `${body.join(' ')}\n\n${closer}`;
  return [...body, closer].filter(Boolean).join(' ');
}
