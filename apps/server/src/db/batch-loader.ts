interface Waiting<Value> {
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Lookups by key that arrive together (read in one turn of the event loop) share one query: under load
 * every request still reads the database as it is, at the cost of one round trip for all of them instead of
 * one each. Nothing is kept between turns, so a change committed before a lookup is always seen.
 */
export class BatchLoader<Key, Value> {
  private readonly pending = new Map<Key, Waiting<Value>[]>();
  private scheduled = false;

  /**
   * @param loadMany one query for the given keys (at most `maxBatch`), answering the rows it found
   * @param keyOf the key a row answers
   * @param maxBatch the most keys one query asks for; more concurrent lookups are split over several
   */
  constructor(
    private readonly loadMany: (keys: readonly Key[]) => Promise<readonly Value[]>,
    private readonly keyOf: (row: Value) => Key,
    private readonly maxBatch: number,
  ) {
    if (!(maxBatch >= 1)) throw new Error(`a batch needs room for one key, got ${maxBatch}`);
  }

  /** The row of `key`, or undefined when the query found none. */
  load(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase, so every request read in this turn has asked before the query is sent.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.size > 0) {
      const batch = new Map<Key, Waiting<Value>[]>();
      for (const [key, waiting] of this.pending) {
        if (batch.size === this.maxBatch) break;
        batch.set(key, waiting);
      }
      for (const key of batch.keys()) this.pending.delete(key);
      void this.run(batch);
    }
  }

  /** One query for a batch; a failure (thrown or rejected) fails exactly that batch's lookups. */
  private async run(batch: ReadonlyMap<Key, Waiting<Value>[]>): Promise<void> {
    try {
      const rows = await this.loadMany([...batch.keys()]);
      const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
      for (const [key, waiting] of batch) {
        for (const lookup of waiting) lookup.resolve(byKey.get(key));
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const lookup of waiting) lookup.reject(error);
    }
  }
}
