import { COLOUR_MAX_CONTRACT_COUNT } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  type BetDraft,
  cleanCountText,
  countFromText,
  decreaseCount,
  guessRequestFor,
  increaseCount,
  totalMoneyMinor,
} from './bet.rule.ts';

const PRESETS = [10, 100, 1000, 10000];
const green: BetDraft = {
  selection: { type: 'G', number: null },
  contractMoneyMajor: 100,
  count: 2,
  agreed: true,
};

describe('bet rules', () => {
  it('keeps digits only in the count field and counts an empty field as 0 (spec 02 §5)', () => {
    expect(cleanCountText(' 1a2 ')).toBe('12');
    expect(cleanCountText('123456')).toBe('1234');
    expect(countFromText('')).toBe(0);
    expect(countFromText('07')).toBe(7);
  });

  it('never takes the count below 1 with minus, nor above the maximum with plus', () => {
    expect(decreaseCount(3)).toBe(2);
    expect(decreaseCount(1)).toBe(1);
    expect(decreaseCount(0)).toBe(1);
    expect(increaseCount(0)).toBe(1);
    expect(increaseCount(COLOUR_MAX_CONTRACT_COUNT)).toBe(COLOUR_MAX_CONTRACT_COUNT);
  });

  it('totals money × count in minor units', () => {
    expect(totalMoneyMinor(100, 3)).toBe(30_000);
    expect(totalMoneyMinor(10, 0)).toBe(0);
  });

  it('builds the add_user_guess body of a colour guess, money as a decimal string', () => {
    expect(guessRequestFor(green, 'S', '20250305001', PRESETS)).toEqual({
      category: 'S',
      period: '20250305001',
      guess_type: 'G',
      number: 0,
      contract_money: '100.00',
      contract_count: 2,
    });
  });

  it('sends the digit of a number guess', () => {
    const draft: BetDraft = { ...green, selection: { type: 'N', number: 7 } };
    expect(guessRequestFor(draft, 'P', '20250305001', PRESETS)?.number).toBe(7);
  });

  it('sends nothing without the I-agree tick, with a count outside 1…max or money off the presets', () => {
    expect(guessRequestFor({ ...green, agreed: false }, 'P', '20250305001', PRESETS)).toBeNull();
    expect(guessRequestFor({ ...green, count: 0 }, 'P', '20250305001', PRESETS)).toBeNull();
    expect(
      guessRequestFor({ ...green, count: COLOUR_MAX_CONTRACT_COUNT + 1 }, 'P', '20250305001', PRESETS),
    ).toBeNull();
    expect(guessRequestFor({ ...green, contractMoneyMajor: 50 }, 'P', '20250305001', PRESETS)).toBeNull();
  });
});
