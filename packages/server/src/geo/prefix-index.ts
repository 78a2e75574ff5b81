import { wordStarts } from './normalize.js';

/**
 * Normalized names kept sorted, so that every name starting with a prefix is one contiguous run
 * found by two binary searches: no request scans the whole gazetteer. Each name is filed under
 * its whole text and under each later word ("san francisco" and "francisco"), so a place is
 * found by any of its words; a match on a later word is marked so ranking can weigh it less.
 */
export class PrefixIndex {
  private readonly keys: string[];
  private readonly entries: Int32Array;
  private readonly fromStart: Uint8Array;

  /** `names[i]` is entry i's normalized name; at most `maxWords` keys are filed per name. */
  constructor(names: readonly string[], maxWords = 6) {
    const keys: string[] = [];
    const entries: number[] = [];
    const fromStart: number[] = [];
    names.forEach((name, entry) => {
      for (const start of wordStarts(name).slice(0, maxWords)) {
        keys.push(start === 0 ? name : name.slice(start));
        entries.push(entry);
        fromStart.push(start === 0 ? 1 : 0);
      }
    });
    const order = keys.map((_, i) => i);
    // Code-unit order, the same order the binary search compares in (not localeCompare).
    order.sort((a, b) => {
      const ka = keys[a] as string;
      const kb = keys[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    this.keys = order.map((i) => keys[i] as string);
    this.entries = Int32Array.from(order, (i) => entries[i] as number);
    this.fromStart = Uint8Array.from(order, (i) => fromStart[i] as number);
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * Calls `visit` for every key that starts with `prefix`, in key order, with whether the match
   * is at the name's start and whether the key is the prefix exactly.
   */
  forEachMatch(prefix: string, visit: (entry: number, fromStart: boolean, exact: boolean) => void): void {
    if (!prefix) return;
    const end = this.lowerBound(`${prefix}\uffff`);
    for (let i = this.lowerBound(prefix); i < end; i += 1) {
      visit(this.entries[i] as number, this.fromStart[i] === 1, this.keys[i] === prefix);
    }
  }

  /** How many keys start with `prefix`. */
  countMatches(prefix: string): number {
    return prefix ? this.lowerBound(`${prefix}\uffff`) - this.lowerBound(prefix) : 0;
  }

  /**
   * The prefixes of 1 to `maxLength` characters that more than `count` keys start with, shortest
   * first, read off the sorted keys in one pass per length.
   */
  prefixesMatchingMore(count: number, maxLength: number): string[] {
    const found: string[] = [];
    for (let length = 1; length <= maxLength; length += 1) {
      let run = '';
      let size = 0;
      for (const key of this.keys) {
        if (key.length < length) continue;
        const prefix = key.slice(0, length);
        if (prefix !== run) {
          if (size > count) found.push(run);
          run = prefix;
          size = 0;
        }
        size += 1;
      }
      if (size > count) found.push(run);
    }
    return found;
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
