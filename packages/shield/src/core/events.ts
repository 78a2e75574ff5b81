/** Listener and timer bookkeeping: everything a part starts, its `stop` ends. */
export class Scope {
  readonly #undo: (() => void)[] = [];

  /** Passive unless told otherwise: a handler that may cancel the event says `passive = false`. */
  listen(
    target: EventTarget,
    types: string[],
    handler: (event: Event) => void,
    capture = true,
    passive = true,
  ): () => void {
    const off = () => {
      for (const type of types) target.removeEventListener(type, handler, capture);
    };
    for (const type of types) target.addEventListener(type, handler, { capture, passive });
    this.#undo.push(off);
    return off;
  }

  /** Calls `handler` on the first of `types`, then stops listening. */
  once(target: EventTarget, types: string[], handler: (event: Event) => void): void {
    const off = this.listen(target, types, (event) => {
      off();
      handler(event);
    });
  }

  every(ms: number, fn: () => void): () => void {
    const id = setInterval(fn, ms);
    const off = () => clearInterval(id);
    this.#undo.push(off);
    return off;
  }

  after(ms: number, fn: () => void): void {
    const id = setTimeout(fn, ms);
    this.#undo.push(() => clearTimeout(id));
  }

  add(undo: () => void): void {
    this.#undo.push(undo);
  }

  stop(): void {
    for (const undo of this.#undo.splice(0)) undo();
  }
}
