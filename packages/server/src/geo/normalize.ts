/**
 * The gazetteer's one form of a name or a query: lower case, accents and other marks dropped,
 * the few Latin letters that do not decompose spelled out, apostrophes dropped ("L'Aquila" is
 * typed "laquila" as often as "l aquila"), every other run of punctuation or space one space.
 * Both the index and the query pass through it, so "Zürich", "ZURICH" and "zurich" are one key.
 */

const FOLDED: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};

/** Most names and queries: nothing to fold, only spaces to tidy. */
const PLAIN = /^[a-z0-9 ]*$/;

export function normalizeName(text: string): string {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower.replace(/ {2,}/g, ' ').trim();
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøæœłđðþıħŧ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/['’ʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The positions where a word of a normalized name starts (0 and after every space). */
export function wordStarts(name: string): number[] {
  const starts = name ? [0] : [];
  for (let i = name.indexOf(' '); i !== -1; i = name.indexOf(' ', i + 1)) starts.push(i + 1);
  return starts;
}
