/** A small least-recently-used map: a hit moves to the back, an insert past the size drops the front. */
export class Lru<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  clear(): void {
    this.#entries.clear();
  }
}
