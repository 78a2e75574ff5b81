import type { Random } from './random.js';

/**
 * A small template language for the demo's prose, so that a handful of sentences per kind of
 * place yields thousands of different ones:
 *
 * - `[a|b|c]` picks one of the choices (they may hold slots, not further brackets);
 * - `{key}` is a fact about the item; `{Key}` the same with a capital first letter;
 * - `{a:key}` puts "a" or "an" before it, `{A:key}` with a capital;
 * - `{?key}` says nothing but needs the fact: "{?lunch}Set lunch is…" only for places that
 *   serve lunch (see `canExpand`).
 *
 * An unknown key is a bug in the word lists, so it throws.
 */

export type Facts = Readonly<Record<string, string>>;

export function article(word: string): string {
  return /^[aeiouè]/i.test(word) && !/^(uni|use|usu|one|eu)/i.test(word) ? 'an' : 'a';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether every fact the template names is known, so that `expand` will not throw. */
export function canExpand(template: string, facts: Facts): boolean {
  for (const [, key = ''] of template.matchAll(/\{(?:[aA]:|\?)?(\w+)\}/g)) {
    if (facts[key] === undefined && facts[key.charAt(0).toLowerCase() + key.slice(1)] === undefined) return false;
  }
  return true;
}

export function expand(template: string, facts: Facts, random: Random): string {
  const chosen = template
    .replace(/\{\?\w+\}/g, '')
    .replace(/\[([^[\]]*)\]/g, (_, body: string) => random.pick(body.split('|')));
  return chosen.replace(/\{(?:([aA]):)?(\w+)\}/g, (_, art: string | undefined, key: string) => {
    const lower = key.charAt(0).toLowerCase() + key.slice(1);
    const value = facts[key] ?? facts[lower];
    if (value === undefined) throw new Error(`Seed template "${template}" uses unknown {${key}}`);
    const capital = art === 'A' || (!art && key !== lower && facts[key] === undefined);
    const text = art ? `${article(value)} ${value}` : value;
    return capital ? capitalise(text) : text;
  });
}
