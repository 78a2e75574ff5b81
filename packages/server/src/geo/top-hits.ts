/** A place found by the gazetteer: which table, which row, how well it matched. */
export interface Hit {
  kind: 'city' | 'item';
  index: number;
  score: number;
}

/**
 * The best `size` hits seen so far, best first, each place once: a short sorted array, since
 * most offers fall below the last kept one and cost a single comparison.
 */
export class TopHits {
  private readonly hits: Hit[] = [];

  constructor(private readonly size: number) {}

  offer(hit: Hit): void {
    const { hits } = this;
    const last = hits[hits.length - 1];
    if (hits.length >= this.size && last && hit.score <= last.score) return;
    // A place filed under several words may match more than once: keep its best score.
    const same = hits.findIndex((h) => h.index === hit.index && h.kind === hit.kind);
    if (same !== -1) {
      if ((hits[same] as Hit).score >= hit.score) return;
      hits.splice(same, 1);
    }
    let at = hits.length;
    while (at > 0 && (hits[at - 1] as Hit).score < hit.score) at -= 1;
    hits.splice(at, 0, hit);
    if (hits.length > this.size) hits.pop();
  }

  first(): Hit | undefined {
    return this.hits[0];
  }

  list(): readonly Hit[] {
    return this.hits;
  }

  static merge(a: TopHits, b: TopHits, size: number): Hit[] {
    return [...a.list(), ...b.list()].sort((x, y) => y.score - x.score).slice(0, size);
  }
}
