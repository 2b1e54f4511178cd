import { describe, expect, it } from 'vitest';
import { PublicReadCache } from './public-read-cache.ts';

/** A loader that counts its calls and answers what it is told, when it is told. */
function controlledLoader() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
    },
    get calls() {
      return calls;
    },
    answer: (value: string) => pending.shift()?.resolve(value),
    fail: (error: Error) => pending.shift()?.reject(error),
  };
}

describe('PublicReadCache', () => {
  let now = 0;
  const cache = (ttlMs = 1000, maxEntries?: number) =>
    new PublicReadCache({ ttlMs, now: () => now, ...(maxEntries ? { maxEntries } : {}) });

  it('loads once for concurrent readers and answers the kept value synchronously afterwards', async () => {
    now = 0;
    const reads = cache();
    const loader = controlledLoader();
    const first = reads.read('k', ['t'], loader.load);
    const second = reads.read('k', ['t'], loader.load);
    expect(loader.calls).toBe(1);
    loader.answer('v1');
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    expect(reads.read('k', ['t'], loader.load)).toBe('v1');
    expect(loader.calls).toBe(1);
  });

  it('answers the old value once while one reload runs after the TTL, then the new one', async () => {
    now = 0;
    const reads = cache(1000);
    const loader = controlledLoader();
    const first = reads.read('k', ['t'], loader.load);
    loader.answer('v1');
    await first;
    now = 1500;
    expect(reads.read('k', ['t'], loader.load)).toBe('v1');
    expect(reads.read('k', ['t'], loader.load)).toBe('v1');
    expect(loader.calls).toBe(2);
    loader.answer('v2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.read('k', ['t'], loader.load)).toBe('v2');
  });

  it('passes the value it replaces to the reload, so an unchanged answer can be reused', async () => {
    now = 0;
    const reads = cache(1000);
    const seen: (string | undefined)[] = [];
    const load = async (previous: string | undefined) => {
      seen.push(previous);
      return 'same';
    };
    await reads.read('k', ['t'], load);
    now = 2000;
    reads.read('k', ['t'], load);
    expect(seen).toEqual([undefined, 'same']);
  });

  it('forgets every entry of an invalidated tag at once, and only those', async () => {
    now = 0;
    const reads = cache(60_000);
    await reads.read('history:P', ['colour:P'], async () => 'P1');
    await reads.read('history:S', ['colour:S'], async () => 'S1');
    await reads.read('home', ['settings', 'games'], async () => 'H1');
    reads.invalidate('colour:P');
    reads.invalidate('games');
    expect(await reads.read('history:P', ['colour:P'], async () => 'P2')).toBe('P2');
    expect(await reads.read('history:S', ['colour:S'], async () => 'S2')).toBe('S1');
    expect(await reads.read('home', ['settings', 'games'], async () => 'H2')).toBe('H2');
  });

  it('never keeps what a load read before an invalidation that came while it ran', async () => {
    now = 0;
    const reads = cache(60_000);
    const loader = controlledLoader();
    const stale = reads.read('k', ['t'], loader.load);
    reads.invalidate('t');
    // A reader after the change does not share the load that started before it.
    const fresh = reads.read('k', ['t'], loader.load);
    expect(loader.calls).toBe(2);
    loader.answer('before the change');
    loader.answer('after the change');
    expect(await stale).toBe('before the change');
    expect(await fresh).toBe('after the change');
    expect(reads.read('k', ['t'], loader.load)).toBe('after the change');
  });

  it('keeps nothing from a failed load, so the next reader tries again', async () => {
    now = 0;
    const reads = cache(60_000);
    const loader = controlledLoader();
    const failed = reads.read('k', ['t'], loader.load);
    loader.fail(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    const retried = reads.read('k', ['t'], loader.load);
    expect(loader.calls).toBe(2);
    loader.answer('v');
    expect(await retried).toBe('v');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    now = 0;
    const reads = cache(60_000, 2);
    await reads.read('a', ['t'], async () => 'a');
    await reads.read('b', ['t'], async () => 'b');
    await reads.read('c', ['t'], async () => 'c');
    expect(reads.size).toBe(2);
    expect(await reads.read('a', ['t'], async () => 'a again')).toBe('a again');
  });

  it('keeps nothing with a TTL of 0', async () => {
    const reads = cache(0);
    let calls = 0;
    const load = async () => {
      calls += 1;
      return calls;
    };
    expect(await reads.read('k', ['t'], load)).toBe(1);
    expect(await reads.read('k', ['t'], load)).toBe(2);
    expect(reads.size).toBe(0);
  });
});
