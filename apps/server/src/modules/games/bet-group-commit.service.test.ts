import { describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../http/app-error.ts';
import { InsufficientBalanceError } from '../ledger/ledger.errors.ts';
import { decideBatchStakes, type GroupCommitOutcome } from './bet-group-commit.service.ts';

interface Bet {
  readonly userId: number;
  readonly stake: number;
}

const bets: Bet[] = [
  { userId: 1, stake: 40 },
  { userId: 1, stake: 40 },
  { userId: 2, stake: 10 },
  { userId: 1, stake: 40 },
  { userId: 2, stake: 10 },
];
const wallets = new Map([
  [1, { availableMinor: 100 }],
  [2, { availableMinor: 100 }],
]);
/** At most two bets a player: the third of player 1 is over both the limit and its balance. */
const rules = (limitBeforeBalance: boolean) => ({
  stakeOf: (bet: Bet) => bet.stake,
  overLimit: (_bet: Bet, taken: number) => (taken >= 2 ? tooManyRequests('limit') : undefined),
  limitBeforeBalance,
});

describe('decideBatchStakes', () => {
  it('takes stakes in the order given, refusing by the limit first when it is checked first', () => {
    const outcomes: Array<GroupCommitOutcome<unknown> | undefined> = new Array(bets.length);
    const decided = decideBatchStakes<Bet>(bets, [0, 1, 2, 3, 4], wallets, rules(true), outcomes);
    expect(decided.accepted).toEqual([0, 1, 2, 4]);
    expect([...decided.acceptedPerUser]).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const refused = outcomes[3];
    expect(refused && 'error' in refused && refused.error.message).toBe('limit');
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a short balance first when the limit comes after it, and skips bets that are not live', () => {
    const outcomes: Array<GroupCommitOutcome<unknown> | undefined> = new Array(bets.length);
    const decided = decideBatchStakes<Bet>(bets, [0, 1, 3, 4], wallets, rules(false), outcomes);
    expect(decided.accepted).toEqual([0, 1, 4]);
    const refused = outcomes[3];
    expect(refused && 'error' in refused && refused.error).toBeInstanceOf(InsufficientBalanceError);
    expect(outcomes[2]).toBeUndefined();
  });
});
