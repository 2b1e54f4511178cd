import { describe, expect, it } from 'vitest';
import { getMarket, isMarketCode, MARKET_CODES, MARKETS } from './markets.ts';

describe('markets', () => {
  it('holds the constants of spec §9', () => {
    expect(MARKETS.in.mobilePrefix).toBe('+91');
    expect(MARKETS.in.contractMoneyPresets).toEqual([10, 100, 1000, 10000]);
    expect(MARKETS.pt.contractMoneyPresets).toEqual([1, 10, 100, 1000]);
    expect(MARKETS.mx.contractMoneyPresets).toEqual([1, 10, 100, 1000]);
    expect(MARKETS.pt.decimalSeparator).toBe(',');
    expect(MARKETS.pt.luckyHitMinStake).toBe(1);
    expect(MARKETS.in.luckyHitDefaultStake).toBe(50);
    expect(MARKETS.pt.aviatorDefaultStake).toBe(5);
    expect(MARKETS.in.timeZone).toBe('Asia/Kolkata');
  });

  it('has a valid time zone and a code matching its key for every market', () => {
    for (const code of MARKET_CODES) {
      const market = getMarket(code);
      expect(market.code).toBe(code);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: market.timeZone })).not.toThrow();
    }
  });

  it('recognises market codes', () => {
    expect(isMarketCode('pt')).toBe(true);
    expect(isMarketCode('br')).toBe(false);
    expect(isMarketCode(undefined)).toBe(false);
  });
});
