import type { HoursStyle } from '../hours.js';
import type { SceneKey } from '../scenes/index.js';

/**
 * The words behind one theme's items. Templates use the grammar of `grammar.ts`; the facts
 * they may name are those `describe.ts` gathers for an item: {name}, {city}, {street},
 * {landmark}, {noun}, {adjective}, {offer}, {offer2}, {offer3}, {feature}, {year}, {founder},
 * {founderFirst}, {day}, {opens}, {price}, {smallPrice}, {percent}, {count}.
 */

export interface Kind {
  /** Words in an item's title that make it this kind; the last kind of a theme takes the rest. */
  match?: RegExp;
  /** What it is: "bakery", "family bakery". The first is the plain word pictures use. */
  nouns: readonly string[];
  /** What it is known for, as plural or mass nouns: "sourdough loaves", "espresso". */
  offers: readonly string[];
  /** Pictures that suit it. */
  scenes: readonly SceneKey[];
  /** What its pictures' alt texts call the building or room, when not the first noun. */
  picture?: string;
  /** Opening hours, when they differ from the theme's. */
  hours?: HoursStyle;
  /** Tag slugs it suits beyond the theme's. */
  tags?: readonly string[];
  /** Facts only this kind has, for templates that need them: `{?screens}` for cinemas. */
  facts?: Readonly<Record<string, string>>;
}

export interface Prose {
  kinds: readonly Kind[];
  hours: HoursStyle;
  /** The range a founding year is drawn from. */
  founded: readonly [number, number];
  /** False for public places (museums, services, clubs): nobody "opened it" or runs it as a family. */
  founders?: false;
  /** Words before the noun: "friendly", "tiny". */
  adjectives: readonly string[];
  /** Things a place has, with their article: "a sunny terrace". */
  features: readonly string[];
  /** Subtitles, short and without a full stop. */
  taglines: readonly string[];
  /** First sentences; each names the place with {name}. */
  openings: readonly string[];
  /** Sentences about what it offers and what it is like. */
  details: readonly string[];
  /** How to use it: booking, ordering, paying. */
  practical: readonly string[];
  /** What reviewers say about this kind of place. */
  praise: readonly string[];
  /** Notes an owner adds to the item's custom content, as HTML (sentences are escaped). */
  snippets: readonly string[];
}
