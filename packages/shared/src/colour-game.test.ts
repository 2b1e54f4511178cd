import { describe, expect, it } from 'vitest';
import {
  COLOUR_DIGITS,
  COLOUR_PERIOD_MS,
  colourFeeMinor,
  colourPayoutMinor,
  contractAmountMinor,
  digitColours,
  GUESS_TYPES,
  isBettingOpen,
  payoutMultiplierTenths,
  periodNumberAt,
  periodStartFromNumber,
  periodStartMs,
  secondsRemaining,
} from './colour-game.ts';

const KOLKATA = 'Asia/Kolkata';
/** 2025-03-05 00:00 IST = 2025-03-04 18:30 UTC. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');

describe('period clock', () => {
  it('counts down 180…1 seconds aligned to the epoch', () => {
    expect(secondsRemaining(MIDNIGHT_IST)).toBe(180);
    expect(secondsRemaining(MIDNIGHT_IST + 999)).toBe(180);
    expect(secondsRemaining(MIDNIGHT_IST + 1000)).toBe(179);
    expect(secondsRemaining(MIDNIGHT_IST + COLOUR_PERIOD_MS - 1)).toBe(1);
    expect(secondsRemaining(MIDNIGHT_IST + COLOUR_PERIOD_MS)).toBe(180);
    expect(periodStartMs(MIDNIGHT_IST + 179_999)).toBe(MIDNIGHT_IST);
  });

  it('locks bets at 30 seconds or less remaining', () => {
    // 31 s remain at 149.xxx s into the period; 30 s remain from 150 s on.
    expect(isBettingOpen(MIDNIGHT_IST + 149_999)).toBe(true);
    expect(secondsRemaining(MIDNIGHT_IST + 149_999)).toBe(31);
    expect(isBettingOpen(MIDNIGHT_IST + 150_000)).toBe(false);
    expect(isBettingOpen(MIDNIGHT_IST + 179_999)).toBe(false);
    expect(isBettingOpen(MIDNIGHT_IST + 180_000)).toBe(true);
  });

  it('numbers periods 001…480 per market day and rolls 480 → 001 at midnight market time', () => {
    expect(periodNumberAt(MIDNIGHT_IST, KOLKATA)).toBe('20250305001');
    expect(periodNumberAt(MIDNIGHT_IST + 179_999, KOLKATA)).toBe('20250305001');
    expect(periodNumberAt(MIDNIGHT_IST + 180_000, KOLKATA)).toBe('20250305002');
    expect(periodNumberAt(MIDNIGHT_IST - 1, KOLKATA)).toBe('20250304480');
    expect(periodNumberAt(MIDNIGHT_IST + 86_400_000 - 1, KOLKATA)).toBe('20250305480');
    expect(periodNumberAt(MIDNIGHT_IST + 86_400_000, KOLKATA)).toBe('20250306001');
    // The same instant is another market day in São Paulo (UTC−3): 2025-03-04 15:30.
    expect(periodNumberAt(MIDNIGHT_IST, 'America/Sao_Paulo')).toBe('20250304311');
  });

  it('maps period numbers back to their start and refuses impossible ones', () => {
    expect(periodStartFromNumber('20250305001', KOLKATA)).toBe(MIDNIGHT_IST);
    expect(periodStartFromNumber('20250304480', KOLKATA)).toBe(MIDNIGHT_IST - COLOUR_PERIOD_MS);
    for (const zone of ['Asia/Kolkata', 'America/Sao_Paulo', 'America/Mexico_City', 'Asia/Ho_Chi_Minh']) {
      for (let step = 0; step < 500; step += 37) {
        const instant = MIDNIGHT_IST + step * COLOUR_PERIOD_MS + 12_345;
        expect(periodStartFromNumber(periodNumberAt(instant, zone), zone)).toBe(periodStartMs(instant));
      }
    }
    expect(periodStartFromNumber('20250305000', KOLKATA)).toBeUndefined();
    expect(periodStartFromNumber('20250305481', KOLKATA)).toBeUndefined();
    expect(periodStartFromNumber('20250230001', KOLKATA)).toBeUndefined();
    expect(periodStartFromNumber('2025030500', KOLKATA)).toBeUndefined();
    expect(periodStartFromNumber('abc', KOLKATA)).toBeUndefined();
  });
});

describe('colours and payouts', () => {
  it('gives each digit its colours', () => {
    expect(COLOUR_DIGITS.map((digit) => digitColours(digit))).toEqual([
      { green: false, red: true, violet: true },
      { green: true, red: false, violet: false },
      { green: false, red: true, violet: false },
      { green: true, red: false, violet: false },
      { green: false, red: true, violet: false },
      { green: true, red: false, violet: true },
      { green: false, red: true, violet: false },
      { green: true, red: false, violet: false },
      { green: false, red: true, violet: false },
      { green: true, red: false, violet: false },
    ]);
  });

  /** The payout table of DESIGN.md, written out by hand: multiplier × 10 per digit 0…9. */
  const TABLE: Record<string, number[]> = {
    G: [0, 20, 0, 20, 0, 15, 0, 20, 0, 20],
    R: [15, 0, 20, 0, 20, 0, 20, 0, 20, 0],
    V: [45, 0, 0, 0, 0, 45, 0, 0, 0, 0],
  };

  it('pays every guess type on every digit per the table', () => {
    for (const guessType of GUESS_TYPES) {
      for (const digit of COLOUR_DIGITS) {
        if (guessType === 'N') {
          for (const guessed of COLOUR_DIGITS) {
            expect(payoutMultiplierTenths('N', guessed, digit)).toBe(guessed === digit ? 90 : 0);
          }
        } else {
          expect(payoutMultiplierTenths(guessType, null, digit)).toBe(TABLE[guessType]?.[digit]);
        }
      }
    }
  });

  it('takes a 2 % fee and pays on the contract amount in whole minor units', () => {
    expect(colourFeeMinor(10_000)).toBe(200);
    expect(contractAmountMinor(10_000)).toBe(9_800);
    expect(contractAmountMinor(100)).toBe(98);
    expect(colourPayoutMinor(9_800, 'G', null, 1)).toBe(19_600);
    expect(colourPayoutMinor(9_800, 'G', null, 5)).toBe(14_700);
    expect(colourPayoutMinor(9_800, 'R', null, 0)).toBe(14_700);
    expect(colourPayoutMinor(9_800, 'V', null, 0)).toBe(44_100);
    expect(colourPayoutMinor(9_800, 'N', 7, 7)).toBe(88_200);
    expect(colourPayoutMinor(9_800, 'N', 7, 8)).toBe(0);
    expect(colourPayoutMinor(98, 'V', null, 5)).toBe(441);
    // Rounding is down: 99 × 1.5 = 148.5 → 148.
    expect(colourPayoutMinor(99, 'G', null, 5)).toBe(148);
  });
});
