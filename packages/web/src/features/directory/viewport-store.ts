/** The items of one list card that are near the screen, as positions in the card: [from, to). */
export type ItemWindow = readonly [from: number, to: number];

const ALL: ItemWindow = Object.freeze([0, Infinity] as const);

/**
 * Which items of which list cards are near the screen and so are rendered; the rest of a card
 * is kept as spacers of the height its items would take. Kept outside the cards so a card
 * that is moved or remounted knows at once what to draw.
 */
export class ViewportStore {
  #windows: ReadonlyMap<number, ItemWindow> | 'all';
  #itemHeight: number;
  readonly #listeners = new Set<() => void>();

  constructor(windows: ReadonlyMap<number, ItemWindow> | 'all', itemHeight = 420) {
    this.#windows = windows;
    this.#itemHeight = itemHeight;
  }

  /** The card's items near the screen, or null when the whole card is far from it. */
  windowOf = (list: number): ItemWindow | null => (this.#windows === 'all' ? ALL : (this.#windows.get(list) ?? null));

  get windowed(): boolean {
    return this.#windows !== 'all';
  }

  /** The measured average height of one rendered item, for spacers. */
  itemHeight = (): number => this.#itemHeight;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  update(windows: ReadonlyMap<number, ItemWindow>, itemHeight: number): void {
    const before = this.#windows;
    if (before === 'all') return;
    let changed = Math.abs(itemHeight - this.#itemHeight) > 8;
    // Unchanged windows keep their tuple, so their cards do not re-render.
    const next = new Map<number, ItemWindow>();
    for (const [list, window] of windows) {
      const old = before.get(list);
      if (old && old[0] === window[0] && old[1] === window[1]) next.set(list, old);
      else {
        next.set(list, window);
        changed = true;
      }
    }
    if (next.size !== before.size) changed = true;
    if (!changed) return;
    this.#windows = next;
    if (Math.abs(itemHeight - this.#itemHeight) > 8) this.#itemHeight = itemHeight;
    for (const listener of this.#listeners) listener();
  }
}
