import { describe, expect, it } from 'vitest';
import { getMarket, MARKET_CODES } from './markets.ts';
import {
  formatMinorAmount,
  formatMoney,
  MAX_AMOUNT_MINOR,
  majorToMinor,
  minorToDecimalString,
  parseMoneyToMinor,
} from './money.ts';

describe('parseMoneyToMinor', () => {
  it.each([
    ['100', 10_000],
    ['100.5', 10_050],
    ['100.05', 10_005],
    ['0.01', 1],
    [' 12,30 ', 1_230],
    ['007', 700],
    ['5.', 500],
    [250, 25_000],
    [19.99, 1_999],
    [0.1, 10],
  ])('parses %j into %i minor units', (input, expected) => {
    expect(parseMoneyToMinor(input)).toEqual({ ok: true, amountMinor: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [undefined, 'empty'],
    [null, 'empty'],
    ['abc', 'not_a_number'],
    ['1e5', 'not_a_number'],
    ['1.2.3', 'not_a_number'],
    ['0x10', 'not_a_number'],
    [Number.NaN, 'not_a_number'],
    [Number.POSITIVE_INFINITY, 'not_a_number'],
    [{}, 'not_a_number'],
    ['1.234', 'too_many_decimals'],
    [1.234, 'too_many_decimals'],
    ['-5', 'negative'],
    [-0.5, 'negative'],
    ['99999999999999', 'too_large'],
  ])('refuses %j as %s', (input, reason) => {
    expect(parseMoneyToMinor(input)).toEqual({ ok: false, reason });
  });

  it('accepts the largest allowed amount and nothing above it', () => {
    expect(parseMoneyToMinor('10000000000')).toEqual({ ok: true, amountMinor: MAX_AMOUNT_MINOR });
    expect(parseMoneyToMinor('10000000000.01')).toEqual({ ok: false, reason: 'too_large' });
  });
});

describe('formatting', () => {
  it('writes the wire form with two decimals', () => {
    expect(minorToDecimalString(0)).toBe('0.00');
    expect(minorToDecimalString(5)).toBe('0.05');
    expect(minorToDecimalString(123_450)).toBe('1234.50');
    expect(minorToDecimalString(-305)).toBe('-3.05');
  });

  it('refuses a non-integer amount loudly', () => {
    expect(() => minorToDecimalString(1.5)).toThrow(/invariant/);
  });

  it('groups digits per market with its symbol and separator', () => {
    // Intl writes a no-break space between R$ or ₫ and the number, so the amount never wraps.
    expect(formatMoney(72_190_000, 'in')).toBe('₹7,21,900.00');
    expect(formatMoney(72_190_000, 'pt')).toBe('R$\u00a0721.900,00');
    expect(formatMoney(72_190_000, 'mx')).toBe('Mex$721,900.00');
    expect(formatMoney(72_190_000, 'vi')).toBe('721.900\u00a0₫');
    expect(formatMoney(123_456_789_012, 'in')).toBe('₹1,23,45,67,890.12');
    expect(formatMoney(123_450, 'pt')).toBe('R$\u00a01.234,50');
    expect(formatMoney(123_450, 'vi')).toBe('1.234,50\u00a0₫');
    expect(formatMoney(-100, 'pt')).toBe('-R$\u00a01,00');
    expect(formatMoney(0, 'in')).toBe('₹0.00');
    expect(formatMinorAmount(1, 'pt')).toBe('0,01');
    expect(formatMinorAmount(72_190_000, 'in')).toBe('7,21,900.00');
  });

  it('writes every market exactly as Intl.NumberFormat does for its locale', () => {
    const locales = { in: 'en-IN', pt: 'pt-BR', mx: 'es-MX', vi: 'vi-VN' } as const;
    const amounts = [0, 1, 5, 99, 100, 999, 1_000, 99_999, 100_000, 123_456, 10_000_000, 72_190_000];
    amounts.push(MAX_AMOUNT_MINOR, -1, -100, -123_456_789);
    // A fixed pseudo-random walk over every magnitude, so the check is the same on every run.
    let seed = 7;
    for (let index = 0; index < 2_000; index += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      amounts.push(Math.floor((seed / 2_147_483_647) * 10 ** (1 + (index % 13))));
    }
    for (const market of MARKET_CODES) {
      const { currency, currencySymbol } = getMarket(market);
      for (const amountMinor of amounts) {
        const fractionDigits = market === 'vi' && amountMinor % 100 === 0 ? 0 : 2;
        const options = { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
        const money = new Intl.NumberFormat(locales[market], { ...options, style: 'currency', currency })
          .formatToParts(amountMinor / 100)
          .map((part) => (part.type === 'currency' ? currencySymbol : part.value))
          .join('');
        expect(formatMoney(amountMinor, market)).toBe(money);
        expect(formatMinorAmount(amountMinor, market)).toBe(
          new Intl.NumberFormat(locales[market], options).format(amountMinor / 100),
        );
      }
    }
  });

  it('refuses to format a non-integer amount', () => {
    expect(() => formatMoney(1.5, 'in')).toThrow(/invariant/);
  });

  it('converts presets to minor units', () => {
    expect(majorToMinor(100)).toBe(10_000);
  });

  it('round-trips every amount from 0.00 to 20.00', () => {
    for (let amountMinor = 0; amountMinor <= 2_000; amountMinor += 1) {
      expect(parseMoneyToMinor(minorToDecimalString(amountMinor))).toEqual({ ok: true, amountMinor });
    }
  });
});
