import { describe, expect, it } from 'vitest';
import { dueRoundStarts } from './leader-tick-loop.ts';

describe('dueRoundStarts', () => {
  it('answers the open rounds and the covered rounds after the latest settled one, oldest first, once each', () => {
    const starts = dueRoundStarts({
      openStarts: [30, 10],
      // The second chain starts after a gap the first left (rounds 60 and 70 are covered by none).
      chains: [
        { firstStartAt: 0, endAt: 60 },
        { firstStartAt: 80, endAt: 200 },
      ],
      lastSettled: 20,
      lastDue: 100,
      roundMs: 10,
    });
    expect(starts).toEqual([10, 30, 40, 50, 80, 90, 100]);
  });

  it('starts at each chain’s first round when nothing was settled yet', () => {
    expect(
      dueRoundStarts({
        openStarts: [],
        chains: [{ firstStartAt: 20, endAt: 50 }],
        lastSettled: undefined,
        lastDue: 100,
        roundMs: 10,
      }),
    ).toEqual([20, 30, 40]);
  });
});
