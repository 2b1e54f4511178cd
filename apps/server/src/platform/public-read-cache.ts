/**
 * Public reads that are the same for everyone (the colour history of a room, the shop's home, product pages,
 * the app shell, the display settings) are computed once per change and kept in memory, instead of once
 * per request.
 *
 * A change reaches the cache in two ways:
 * - in-process, at once: the code that committed the change calls `invalidate(tag)` after its commit (a
 *   settled period, an operator's edit of a product or a setting, an order that took stock);
 * - from other instances, within `ttlMs`: an entry older than that is loaded again (the old value is still
 *   answered while the new one loads, so a busy key never waits for the database). Once the event bus
 *   exists, its subscriber calls `invalidate(tag)` on every instance and the TTL is only a safety net.
 *
 * A load that started before an invalidation of one of its tags is answered to the requests that waited for
 * it but never stored, so a change committed while a load ran cannot be hidden by that load's older rows.
 */

/** The tags a change invalidates; every cached entry carries the tags of what it was computed from. */
export const PublicReadTag = {
  /** The rows of `settings` (banners, notices, support contacts, app prefixes). */
  settings: 'settings',
  /** Products: their pages, search results and home screen (stock included). */
  catalogue: 'shop.catalogue',
  /** The embedded games of the home screen. */
  moreGames: 'shop.more_games',
  /** The settled periods of one colour room. */
  colourHistory: (room: string) => `colour.history:${room}`,
} as const;

/** The most entries kept at once; beyond it the oldest goes (searches with many keywords cannot grow it). */
export const PUBLIC_READ_CACHE_MAX_ENTRIES = 1_000;

interface Entry<T> {
  value: T | undefined;
  hasValue: boolean;
  /** When the value was stored, on the monotonic clock. */
  storedAt: number;
  tags: readonly string[];
  /** The load in flight for this key, which concurrent readers share. */
  loading: Promise<T> | undefined;
}

export interface PublicReadCacheOptions {
  /** How long an entry is answered without asking the database again (other instances' changes). */
  readonly ttlMs: number;
  readonly maxEntries?: number;
  /** Milliseconds on a monotonic clock (tests may pass their own). */
  readonly now?: () => number;
}

/** What a load receives: the value it replaces, if any, so it can reuse work when nothing changed. */
export type PublicReadLoader<T> = (previous: T | undefined) => Promise<T>;

/** The event-bus channel of public-read invalidations (the bus prefixes it with its namespace). */
export const PUBLIC_READ_INVALIDATION_CHANNEL = 'public-reads:invalidate';

/** What the cache needs of the event bus (platform/live-sockets/event-bus.ts). */
export interface InvalidationBus {
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): Promise<unknown>;
}

export class PublicReadCache {
  /** Tells the other instances of an invalidation made here (set by shareInvalidations). */
  private announce: ((tag: string) => void) | undefined;
  private readonly entries = new Map<string, Entry<unknown>>();
  /** How often each tag was invalidated; a load stores its value only if none of its tags moved meanwhile. */
  private readonly generations = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: PublicReadCacheOptions) {
    if (!(options.ttlMs >= 0)) throw new Error(`public read TTL must be >= 0, got ${options.ttlMs}`);
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? PUBLIC_READ_CACHE_MAX_ENTRIES;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * The value of `key`: the stored one while it is fresh; else one load shared by every concurrent reader
   * (an expired value is answered meanwhile). Answers synchronously when it can, so the hot path of a busy
   * endpoint allocates no promise.
   */
  read<T>(key: string, tags: readonly string[], load: PublicReadLoader<T>): T | Promise<T> {
    // A TTL of 0 keeps nothing: every read loads (a test that writes rows behind the app's back).
    if (this.ttlMs === 0) return load(undefined);
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry?.hasValue) {
      if (this.now() - entry.storedAt < this.ttlMs) return entry.value as T;
      // Expired: the first reader starts the reload, everyone answers the old value until it is in.
      if (!entry.loading) void this.startLoad(key, entry, load).catch(() => undefined);
      return entry.value as T;
    }
    if (entry?.loading) return entry.loading;
    const created: Entry<T> = { value: undefined, hasValue: false, storedAt: 0, tags, loading: undefined };
    this.remember(key, created);
    return this.startLoad(key, created, load);
  }

  /**
   * Forgets every entry computed from what `tag` names; loads in flight for them are not stored. Once
   * `shareInvalidations` has run, every other instance forgets them too.
   */
  invalidate(tag: string): void {
    this.forget(tag);
    this.announce?.(tag);
  }

  /**
   * Sends this instance's invalidations to every instance over the event bus and applies theirs, so a
   * change committed on one instance is seen on all at once (the TTL stays as a safety net for a lost
   * message: pub/sub delivers at most once).
   */
  async shareInvalidations(bus: InvalidationBus): Promise<void> {
    await bus.subscribe(PUBLIC_READ_INVALIDATION_CHANNEL, (tag) => this.forget(tag));
    this.announce = (tag) => bus.publish(PUBLIC_READ_INVALIDATION_CHANNEL, tag);
  }

  private forget(tag: string): void {
    this.generations.set(tag, (this.generations.get(tag) ?? 0) + 1);
    for (const [key, entry] of this.entries) {
      if (entry.tags.includes(tag)) this.entries.delete(key);
    }
  }

  /** How many entries are kept (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private startLoad<T>(key: string, entry: Entry<T>, load: PublicReadLoader<T>): Promise<T> {
    const generationsAtStart = entry.tags.map((tag) => this.generations.get(tag) ?? 0);
    const loading = load(entry.hasValue ? entry.value : undefined).then(
      (value) => {
        entry.loading = undefined;
        const unchanged = entry.tags.every(
          (tag, index) => (this.generations.get(tag) ?? 0) === generationsAtStart[index],
        );
        // Stored only if nothing it depends on changed meanwhile and the entry is still the current one.
        if (unchanged && this.entries.get(key) === entry) {
          entry.value = value;
          entry.hasValue = true;
          entry.storedAt = this.now();
        }
        return value;
      },
      (error: unknown) => {
        entry.loading = undefined;
        // A failed first load leaves nothing behind, so the next reader tries again.
        if (!entry.hasValue && this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    entry.loading = loading;
    return loading;
  }

  private remember(key: string, entry: Entry<unknown>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}
