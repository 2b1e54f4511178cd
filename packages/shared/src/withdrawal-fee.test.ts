import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './money.ts';
import {
  WITHDRAWAL_FEE_THRESHOLD_MINOR,
  WITHDRAWAL_FLAT_FEE_MINOR,
  withdrawalFee,
} from './withdrawal-fee.ts';

const amounts = fc.integer({ min: 0, max: MAX_AMOUNT_MINOR });

describe('withdrawalFee', () => {
  it.each([
    [100_00, 30_00, 70_00],
    [999_99, 30_00, 969_99],
    [1000_00, 20_00, 980_00],
    [1000_25, 20_01, 980_24],
    [1000_24, 20_00, 980_24],
    [1234_56, 24_69, 1209_87],
    [50_000_00, 1000_00, 49_000_00],
    [20_00, 20_00, 0],
    [0, 0, 0],
  ])('%i minor pays %i, credits %i', (amountMinor, feeMinor, actualMinor) => {
    expect(withdrawalFee(amountMinor)).toEqual({ feeMinor, actualMinor });
  });

  it('splits every amount into fee + actual with neither negative', () => {
    fc.assert(
      fc.property(amounts, (amountMinor) => {
        const { feeMinor, actualMinor } = withdrawalFee(amountMinor);
        expect(feeMinor + actualMinor).toBe(amountMinor);
        expect(feeMinor).toBeGreaterThanOrEqual(0);
        expect(actualMinor).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(feeMinor)).toBe(true);
      }),
    );
  });

  it('charges 30 under 1000 (never more than the amount)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: WITHDRAWAL_FEE_THRESHOLD_MINOR - 1 }), (amountMinor) => {
        expect(withdrawalFee(amountMinor).feeMinor).toBe(Math.min(WITHDRAWAL_FLAT_FEE_MINOR, amountMinor));
      }),
    );
  });

  it('charges 2 % from 1000 up, rounded half up to the minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: WITHDRAWAL_FEE_THRESHOLD_MINOR, max: MAX_AMOUNT_MINOR }),
        (amountMinor) => {
          const { feeMinor } = withdrawalFee(amountMinor);
          // |fee − 2 % of amount| is at most half a minor unit, and exactly half rounds up.
          const twiceErrorTimes100 = 2 * (feeMinor * 100 - amountMinor * 2);
          expect(twiceErrorTimes100).toBeGreaterThan(-100);
          expect(twiceErrorTimes100).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('never charges less for a larger amount from the threshold up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: WITHDRAWAL_FEE_THRESHOLD_MINOR, max: MAX_AMOUNT_MINOR - 1 }),
        (amountMinor) => {
          expect(withdrawalFee(amountMinor + 1).feeMinor).toBeGreaterThanOrEqual(
            withdrawalFee(amountMinor).feeMinor,
          );
        },
      ),
    );
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (amountMinor) => {
    expect(() => withdrawalFee(amountMinor)).toThrow(/Money invariant/);
  });
});
