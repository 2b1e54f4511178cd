import { dealLuckyHit, luckyHitOutcome, previousLink } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  checkStake,
  ownBetOf,
  parseStake,
  rememberOwnBet,
  stakeMinus,
  stakePlus,
  verifyLuckyHitRound,
} from './luckyhit-bet.rule.ts';

describe('Lucky Hit amount', () => {
  it('steps by 50, never below 50 on minus and never above the maximum on plus', () => {
    expect(stakeMinus(150)).toBe(100);
    expect(stakeMinus(70)).toBe(50);
    expect(stakeMinus(50)).toBe(50);
    expect(stakeMinus(5)).toBe(5);
    expect(stakePlus(50)).toBe(100);
    expect(stakePlus(9_990)).toBe(10_000);
    expect(parseStake(' 1a2 ')).toBe(12);
    expect(parseStake('')).toBe(0);
  });

  it('raises a stake below the minimum and cuts one above the maximum, sending neither', () => {
    expect(checkStake(5, 10)).toEqual({ amount: 10, send: false });
    expect(checkStake(1, 1)).toEqual({ amount: 1, send: true });
    expect(checkStake(10_001, 10)).toEqual({ amount: 10_000, send: false });
    expect(checkStake(500, 10)).toEqual({ amount: 500, send: true });
  });

  it('keeps the own bet of a period in a 30 s cookie', () => {
    let jar = 'other=1';
    const cookies = { get: () => jar, set: (value: string) => (jar = value.split(';')[0] ?? '') };
    expect(rememberOwnBet('202611250001', 50, cookies)).toBe(50);
    expect(rememberOwnBet('202611250001', 100, cookies)).toBe(150);
    expect(ownBetOf('202611250001', jar)).toBe(150);
    expect(ownBetOf('202611250002', jar)).toBe(0);
  });
});

describe('Verify', () => {
  const seed = '0f'.repeat(32);
  const period = '202611250007';
  const clientSeeds = ['AAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCC'];

  it('re-deals a round from its seeds and finds the cards, the outcome and the chain link as shown', async () => {
    const deal = await dealLuckyHit(seed, period, clientSeeds);
    const outcome = luckyHitOutcome(deal.cards1, deal.cards2);
    const detail = {
      period,
      seed,
      previous_seed: await previousLink(seed),
      terminal_hash: '',
      chain_index: 7,
      client_seeds: clientSeeds,
      draws: [...deal.draws],
      cards1: [...deal.cards1],
      cards2: [...deal.cards2],
      black_win: outcome.blackWin,
      lucky_hit_odds: outcome.luckyHitOdds,
    };
    expect(await verifyLuckyHitRound(detail)).toEqual({
      cardsMatch: true,
      outcomeMatches: true,
      previousSeedMatches: true,
      ok: true,
    });
    const swapped = { ...detail, cards1: detail.cards2, cards2: detail.cards1 };
    expect((await verifyLuckyHitRound(swapped)).ok).toBe(false);
    expect((await verifyLuckyHitRound({ ...detail, previous_seed: 'ab'.repeat(32) })).ok).toBe(false);
  });
});
