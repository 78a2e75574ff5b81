import type { Storage } from '../db/connect.js';
import { cityTable } from './cities.js';
import { Gazetteer } from './gazetteer.js';
import { buildItemTable } from './items.js';
import { locatedItems, locatedItemsVersion } from './store.js';

/** How old the directory's addresses in the gazetteer may get before they are read again. */
const ITEMS_REFRESH_MS = 30_000;

/**
 * The gazetteer of one app: the shared city table plus this directory's items, read on first
 * use; when they are older than ITEMS_REFRESH_MS, their version is checked in the background
 * and they are rebuilt only when it changed. A request never waits for a rebuild: it gets the
 * previous gazetteer meanwhile.
 */
export class GazetteerSource {
  private current: Gazetteer | undefined;
  private loading: Promise<Gazetteer> | undefined;
  private loadedAt = 0;
  private version = '';
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

  /** Resolves when no read of the items is under way (for tests of the refresh). */
  async settled(): Promise<void> {
    await this.loading?.catch(() => undefined);
  }

  close(): void {
    this.closed = true;
  }

  private load(): Promise<Gazetteer> {
    this.loading ??= (async () => {
      try {
        const version = await locatedItemsVersion(this.storage);
        if (this.current && version === this.version) {
          this.loadedAt = this.now();
          return this.current;
        }
        const items = await locatedItems(this.storage);
        const gazetteer = new Gazetteer(cityTable(), buildItemTable(items));
        this.current = gazetteer;
        this.version = version;
        this.loadedAt = this.now();
        return gazetteer;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}
