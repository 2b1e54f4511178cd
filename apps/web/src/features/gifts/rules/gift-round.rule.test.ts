import type { GiftEventDto } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DAY_MS, giftRoundState, nextGiftRoundOpening } from './gift-round.rule.ts';

const HOUR_MS = 60 * 60_000;
/** Midnight in India (UTC+05:30) of 2026-03-01. */
const MIDNIGHT_IST = Date.UTC(2026, 2, 1) - 5.5 * HOUR_MS;

function round(id: number, startHour: number, completed = false): GiftEventDto {
  return {
    id,
    start_time: MIDNIGHT_IST + startHour * HOUR_MS,
    end_time: MIDNIGHT_IST + (startHour + 1) * HOUR_MS,
    member_available_num: 10,
    join_recharge: true,
    join_relation: false,
    join_bet: false,
    completed,
  };
}

const TODAY = [round(1, 10.5), round(2, 15.5), round(3, 20.5)];

describe('giftRoundState', () => {
  it('is upcoming before the start, open until the end, completed from the end', () => {
    const [first] = TODAY;
    if (!first) throw new Error('no round');
    expect(giftRoundState(first, first.start_time - 1)).toBe('upcoming');
    expect(giftRoundState(first, first.start_time)).toBe('open');
    expect(giftRoundState(first, first.end_time - 1)).toBe('open');
    expect(giftRoundState(first, first.end_time)).toBe('completed');
  });

  it('is completed whenever the server says so (emptied, or opened by this player)', () => {
    const opened = round(1, 10.5, true);
    expect(giftRoundState(opened, opened.start_time + 60_000)).toBe('completed');
  });
});

describe('nextGiftRoundOpening', () => {
  it('is the first of today’s rounds still to start', () => {
    expect(nextGiftRoundOpening(TODAY, MIDNIGHT_IST + 6 * HOUR_MS)).toEqual({
      at: MIDNIGHT_IST + 10.5 * HOUR_MS,
      tomorrow: false,
    });
    // During the first round, the next is the second.
    expect(nextGiftRoundOpening(TODAY, MIDNIGHT_IST + 11 * HOUR_MS)).toEqual({
      at: MIDNIGHT_IST + 15.5 * HOUR_MS,
      tomorrow: false,
    });
  });

  it('is tomorrow’s first round once today’s have all begun', () => {
    expect(nextGiftRoundOpening(TODAY, MIDNIGHT_IST + 20.75 * HOUR_MS)).toEqual({
      at: MIDNIGHT_IST + 10.5 * HOUR_MS + DAY_MS,
      tomorrow: true,
    });
  });

  it('is nothing for an empty list', () => {
    expect(nextGiftRoundOpening([], MIDNIGHT_IST)).toBeNull();
  });
});
