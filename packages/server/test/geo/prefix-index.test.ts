import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/geo/normalize.js';
import { PrefixIndex } from '../../src/geo/prefix-index.js';

describe('normalized names', () => {
  it('fold case, accents and the letters that do not decompose', () => {
    expect(normalizeName('  Zürich ')).toBe('zurich');
    expect(normalizeName('SAINT-ÉTIENNE')).toBe('saint etienne');
    expect(normalizeName('Hauptstraße')).toBe('hauptstrasse');
    expect(normalizeName('Łódź')).toBe('lodz');
    expect(normalizeName('Ærøskøbing')).toBe('aeroskobing');
    expect(normalizeName('İstanbul')).toBe('istanbul');
    expect(normalizeName("L'Aquila")).toBe('laquila');
    expect(normalizeName('São  Paulo,  Brazil')).toBe('sao paulo brazil');
    expect(normalizeName('東京')).toBe('東京');
  });

  it('are words of letters and digits, one space apart, and stay as they are', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const name = normalizeName(text);
        expect(name).toMatch(/^([\p{L}\p{N}]+( [\p{L}\p{N}]+)*)?$/u);
        expect(normalizeName(name)).toBe(name);
      }),
    );
  });
});

describe('the prefix index', () => {
  const word = fc.stringMatching(/^[a-c]{1,4}$/);
  const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

  it('finds exactly the names with a word starting with the prefix, as a scan would', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 40 }), word, (names, prefix) => {
        const index = new PrefixIndex(names);
        const found: string[] = [];
        index.forEachMatch(prefix, (entry, fromStart, exact) => {
          const key = fromStart ? names[entry] : undefined;
          if (key !== undefined) expect(exact).toBe(key === prefix);
          found.push(`${entry}:${fromStart ? 'start' : 'word'}`);
        });
        const expected = names.flatMap((n, entry) =>
          n.split(' ').flatMap((_, i, words) => {
            const key = words.slice(i).join(' ');
            return key.startsWith(prefix) ? [`${entry}:${i === 0 ? 'start' : 'word'}`] : [];
          }),
        );
        expect(found.sort()).toEqual(expected.sort());
        expect(index.countMatches(prefix)).toBe(expected.length);
      }),
    );
  });

  it('names the prefixes of up to n characters that more than a count of keys start with', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 60 }), fc.integer({ min: 0, max: 8 }), (names, count) => {
        const index = new PrefixIndex(names);
        const found = index.prefixesMatchingMore(count, 2);
        const candidates = new Set<string>();
        for (const n of names)
          for (const start of [0, ...[...n.matchAll(/ /g)].map((m) => (m.index ?? 0) + 1)]) {
            const key = n.slice(start);
            candidates.add(key.slice(0, 1));
            if (key.length >= 2) candidates.add(key.slice(0, 2));
          }
        const expected = [...candidates]
          .filter((prefix) => index.countMatches(prefix) > count)
          .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
        expect(found).toEqual(expected);
      }),
    );
  });
});
