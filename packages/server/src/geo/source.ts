import type { Storage } from '../db/connect.js';
import { cityTable } from './cities.js';
import { Gazetteer } from './gazetteer.js';
import { buildItemTable } from './items.js';
import { locatedItems } from './store.js';

/** How old the directory's addresses in the gazetteer may get before they are read again. */
const ITEMS_REFRESH_MS = 30_000;

/**
 * The gazetteer of one app: the shared city table plus this directory's items, read on first
 * use and then again in the background when they are older than ITEMS_REFRESH_MS, so a
 * request never waits for a rebuild (it gets the previous one meanwhile).
 */
export class GazetteerSource {
  private current: Gazetteer | undefined;
  private loading: Promise<Gazetteer> | undefined;
  private loadedAt = 0;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<Gazetteer> {
    if (!this.current) return this.load();
    if (this.now() - this.loadedAt > ITEMS_REFRESH_MS && !this.loading && !this.closed) {
      this.load().catch(this.onError);
    }
    return this.current;
  }

  close(): void {
    this.closed = true;
  }

  private load(): Promise<Gazetteer> {
    this.loading ??= (async () => {
      try {
        const items = await locatedItems(this.storage);
        const gazetteer = new Gazetteer(cityTable(), buildItemTable(items));
        this.current = gazetteer;
        this.loadedAt = this.now();
        return gazetteer;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}
