import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aviatorFeeMinor,
  aviatorFillerSeed,
  aviatorMultiplierAt,
  aviatorPhaseOf,
  aviatorResult,
  aviatorServerSeedHash,
  aviatorTimeToReach,
  aviatorWinMinor,
  multiplierBand,
  randomClientSeed,
} from './aviator.ts';

const SEED_A = 'a'.repeat(64);
const PLAYER_SEEDS = ['AAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCC'];

describe('aviator fairness', () => {
  it('computes the fixed vector exactly (SHA-512 → 13 hex → r → floor(97 / (1 − r)) / 100)', async () => {
    expect(await aviatorResult(SEED_A, PLAYER_SEEDS)).toEqual({
      sha512hash:
        '36c07ff96da3438ad0a47f31ff29fed49f198a66e072155ca148a3fc599de425689fd183dfcf9e6a3be030ee0d59fdb4630bc695b3837a6cab570bd63689805a',
      hex: '36c07ff96da34',
      decimal: '963206538779188',
      resultHundredths: 123,
    });
  });

  it('agrees with node:crypto and with the float formula on many seeds', async () => {
    for (let index = 0; index < 200; index += 1) {
      const server = createHash('sha256').update(`server${index}`).digest('hex');
      const seeds = [1, 2, 3].map((slot) =>
        createHash('md5').update(`${index}:${slot}`).digest('hex').slice(0, 20),
      );
      const fair = await aviatorResult(server, seeds);
      const expectedHash = createHash('sha512')
        .update(server + seeds.join(''))
        .digest('hex');
      expect(fair.sha512hash).toBe(expectedHash);
      const r = Number.parseInt(expectedHash.slice(0, 13), 16) / 2 ** 52;
      const float = Math.max(100, Math.floor(97 / (1 - r)));
      // The float formula can only differ on an exact integer boundary; the integer one is the reference.
      expect(Math.abs(fair.resultHundredths - float)).toBeLessThanOrEqual(1);
      expect(fair.resultHundredths).toBeGreaterThanOrEqual(100);
    }
  });

  it('clamps results below 1.00 to 1.00 and derives fixed filler seeds', async () => {
    const seed = 'f'.repeat(64);
    const fillers = [
      await aviatorFillerSeed(seed, 1),
      await aviatorFillerSeed(seed, 2),
      await aviatorFillerSeed(seed, 3),
    ];
    expect(fillers[0]).toBe(createHash('sha256').update(`${seed}:filler:1`).digest('hex').slice(0, 20));
    expect((await aviatorResult(seed, fillers)).resultHundredths).toBe(100);
    expect(await aviatorServerSeedHash(SEED_A)).toBe(
      createHash('sha256').update(Buffer.from(SEED_A, 'hex')).digest('hex'),
    );
  });
});

describe('aviator rules', () => {
  it('grows the multiplier as floor(100 · e^(0.00006 t)) / 100 and finds when it reaches a value', () => {
    expect(aviatorMultiplierAt(0)).toBe(100);
    expect(aviatorMultiplierAt(10_000)).toBe(182);
    const t = aviatorTimeToReach(200);
    expect(aviatorMultiplierAt(t)).toBe(200);
    expect(aviatorMultiplierAt(t - 1)).toBe(199);
    expect(aviatorTimeToReach(100)).toBe(0);
  });

  it('pays stake × 0.98 × multiplier, the fee 2 % of the stake', () => {
    expect(aviatorFeeMinor(50_00)).toBe(1_00);
    expect(aviatorWinMinor(50_00, 200)).toBe(98_00);
    expect(aviatorWinMinor(50_00, 123)).toBe(60_27);
  });

  it('maps statuses to phases and multipliers to colours', () => {
    expect([5, 11, 21, 22, 30, 599, 600].map(aviatorPhaseOf)).toEqual([
      'ended',
      'betting',
      'betting',
      'closing',
      'flight',
      'flight',
      'ended',
    ]);
    expect([199, 200, 999, 1000].map(multiplierBand)).toEqual(['blue', 'purple', 'purple', 'pink']);
    expect(randomClientSeed()).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
