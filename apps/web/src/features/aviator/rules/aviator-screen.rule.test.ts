import { aviatorResult, formatMultiplier } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  actionButton,
  bandOf,
  parseStake,
  splitHistory,
  stakeMinus,
  stakePlus,
  verifyRound,
} from './aviator-screen.rule.ts';

describe('aviator screen rules', () => {
  it('steps the amount by 50, never below 50', () => {
    expect(stakeMinus(50)).toBe(50);
    expect(stakeMinus(120)).toBe(70);
    expect(stakePlus(50)).toBe(100);
    expect(parseStake(' 75.9 ')).toBe(75);
    expect(parseStake('abc')).toBe(0);
  });

  it('reads Confirm, Wait or Cash out as the spec says', () => {
    const base = { flyEnd: false, countdownLeftMs: 5_000, online: true } as const;
    expect(actionButton({ ...base, status: 12, myBet: 'none' })).toEqual({ label: 'confirm', enabled: true });
    expect(actionButton({ ...base, status: 12, myBet: 'none', countdownLeftMs: 900 }).enabled).toBe(false);
    expect(actionButton({ ...base, status: 12, myBet: 'placed' })).toEqual({ label: 'wait', enabled: false });
    expect(actionButton({ ...base, status: 31, myBet: 'placed' })).toEqual({
      label: 'cashOut',
      enabled: true,
    });
    expect(actionButton({ ...base, status: 31, myBet: 'placed', flyEnd: true }).enabled).toBe(false);
    expect(actionButton({ ...base, status: 31, myBet: 'none' })).toEqual({
      label: 'confirm',
      enabled: false,
    });
    expect(actionButton({ ...base, status: 12, myBet: 'none', online: false }).enabled).toBe(false);
  });

  it('splits the history 4 + 30 and colours multipliers', () => {
    const results = Array.from({ length: 40 }, (_, index) => `${index + 1}.00`);
    const { header, body } = splitHistory(results);
    expect(header).toEqual(['1.00', '2.00', '3.00', '4.00']);
    expect(body).toHaveLength(30);
    expect(['1.99', '2.00', '9.99', '10.00'].map(bandOf)).toEqual(['blue', 'purple', 'purple', 'pink']);
  });

  it('says whether a round recomputes to its entity', async () => {
    const server = 'b'.repeat(64);
    const seeds = ['AAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCC'] as const;
    const fair = await aviatorResult(server, seeds);
    const entity = {
      period: 1,
      result: formatMultiplier(fair.resultHundredths),
      server_seed: server,
      player_nickname1: 'a',
      player_nickname2: 'b',
      player_nickname3: 'c',
      player_seed1: seeds[0],
      player_seed2: seeds[1],
      player_seed3: seeds[2],
      sha512hash: fair.sha512hash,
      hex: fair.hex,
      decimal: fair.decimal,
    };
    expect((await verifyRound(entity)).matches).toBe(true);
    expect((await verifyRound({ ...entity, result: '99.99' })).matches).toBe(false);
  });
});
