import type { Storage } from '../db/connect.js';
import { cityTable } from './cities.js';
import { Gazetteer } from './gazetteer.js';
import { buildItemTable } from './items.js';
import { locatedItems, locatedItemsVersion } from './store.js';

/** How old the directory's addresses in the gazetteer may get before they are read again. */
const ITEMS_REFRESH_MS = 30_000;
/** With a change signal, how often it is looked at: a new address is found within a second. */
const SIGNAL_CHECK_MS = 1_000;

/**
 * The gazetteer of one app: the shared city table plus this directory's items, read on first
 * use. With a change signal (the app's content version, which every instance's writes raise),
 * the items are read again once it moved; without one, their version is checked every
 * ITEMS_REFRESH_MS. Either way they are rebuilt only when they changed, in the background: a
 * request never waits for a rebuild but gets the previous gazetteer meanwhile.
 */
export class GazetteerSource {
  private current: Gazetteer | undefined;
  private loading: Promise<Gazetteer> | undefined;
  private loadedAt = 0;
  private version = '';
  private signalSeen: string | undefined;
  private checkedAt = 0;
  private refreshing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
    private readonly changeSignal?: () => Promise<string>,
  ) {}

  async get(): Promise<Gazetteer> {
    if (!this.current) {
      this.checkedAt = this.now();
      this.signalSeen = await this.changeSignal?.().catch(() => undefined);
      return this.load();
    }
    return this.ready() ?? this.current;
  }

  /**
   * The gazetteer without waiting, once one is built (undefined before): a due refresh starts
   * in the background, as with `get`.
   */
  ready(): Gazetteer | undefined {
    if (!this.current) return undefined;
    const due = this.changeSignal ? this.checkedAt : this.loadedAt;
    const every = this.changeSignal ? SIGNAL_CHECK_MS : ITEMS_REFRESH_MS;
    if (this.now() - due > every && !this.loading && !this.closed) {
      this.checkedAt = this.now();
      this.refreshing = this.refresh().catch(this.onError);
    }
    return this.current;
  }

  private async refresh(): Promise<void> {
    if (this.changeSignal) {
      const signal = await this.changeSignal();
      if (signal === this.signalSeen) return;
      this.signalSeen = signal;
    }
    await this.load();
  }

  /** Resolves when no read of the items is under way (for tests of the refresh). */
  async settled(): Promise<void> {
    await this.refreshing;
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
