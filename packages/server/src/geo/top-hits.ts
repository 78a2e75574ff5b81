/** A place found by the gazetteer: which table, which row, how well it matched. */
export interface Hit {
  kind: 'city' | 'item';
  index: number;
  score: number;
}

/**
 * The best `size` hits seen so far, best first, each place once: a short sorted array, since
 * most offers fall below the last kept one and cost a single comparison (and no allocation: a
 * hit is made only once it is kept).
 */
export class TopHits {
  private readonly hits: Hit[] = [];

  constructor(private readonly size: number) {}

  /** The score an offer must beat to be kept: the last kept one once full, else -Infinity. */
  get bar(): number {
    const { hits } = this;
    return hits.length >= this.size ? (hits[hits.length - 1] as Hit).score : -Infinity;
  }

  offer(kind: Hit['kind'], index: number, score: number): void {
    const { hits } = this;
    if (hits.length >= this.size && score <= (hits[hits.length - 1] as Hit).score) return;
    // A place filed under several words may match more than once: keep its best score.
    let same = -1;
    for (let i = 0; i < hits.length; i += 1) {
      const h = hits[i] as Hit;
      if (h.index === index && h.kind === kind) {
        same = i;
        break;
      }
    }
    if (same !== -1) {
      if ((hits[same] as Hit).score >= score) return;
      hits.splice(same, 1);
    }
    let at = hits.length;
    while (at > 0 && (hits[at - 1] as Hit).score < score) at -= 1;
    hits.splice(at, 0, { kind, index, score });
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
