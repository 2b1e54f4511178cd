import { describe, expect, it } from 'vitest';
import { keepTickObjectShapesAlive, keptTickObjectForTest } from './tick-object-shapes.ts';

describe('keepTickObjectShapesAlive', () => {
  it("keeps one of Node's own nextTick entries, with its async ids and callback, and only one", async () => {
    expect(keptTickObjectForTest()).toBeUndefined();
    keepTickObjectShapesAlive();
    const kept = keptTickObjectForTest();
    expect(kept).toBeDefined();
    // The entry's own shape: the two async ids under Node's symbols, then the callback and its arguments.
    expect(Object.getOwnPropertySymbols(kept).map(String)).toEqual([
      'Symbol(async_id_symbol)',
      'Symbol(trigger_async_id_symbol)',
    ]);
    expect(Object.keys(kept ?? {})).toEqual(['callback', 'args']);
    keepTickObjectShapesAlive();
    expect(keptTickObjectForTest()).toBe(kept);
  });
});
