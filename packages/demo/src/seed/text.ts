import type { Random } from './random.js';

/** Lower-case ASCII words joined by hyphens: usable in a host name and in a URL path. */
export function slugify(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** Replaces `{key}` with its value; an unknown key is a bug in the word lists, so it throws. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Seed template "${template}" uses unknown {${key}}`);
    return value;
  });
}

/** Replaces every `#` with a random digit. */
export function digits(template: string, random: Random): string {
  return template.replace(/#/g, () => String(random.int(0, 9)));
}
