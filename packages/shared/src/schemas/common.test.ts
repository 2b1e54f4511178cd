import { describe, expect, it } from 'vitest';
import { idFromBody, idFromQuery, paginationQuery } from './common.ts';
import { parseProductSpec } from './shop.ts';

describe('paginationQuery', () => {
  it('defaults to the first page of 10', () => {
    expect(paginationQuery.parse({})).toEqual({ p: 1, p_size: 10 });
  });

  it('accepts page numbers and sizes up to 100', () => {
    expect(paginationQuery.parse({ p: '3', p_size: '100' })).toEqual({ p: 3, p_size: 100 });
  });

  it.each([
    { p: '0' },
    { p: '-1' },
    { p: 'abc' },
    { p: '1000000000' },
    { p_size: '0' },
    { p_size: '101' },
    { p_size: '1.5' },
    { p: ['1', '2'] },
  ])('refuses %j', (query) => {
    expect(paginationQuery.safeParse(query).success).toBe(false);
  });
});

describe('ids', () => {
  it('reads positive ids from a query string or a body', () => {
    expect(idFromQuery().parse('42')).toBe(42);
    expect(idFromBody().parse(42)).toBe(42);
    expect(idFromBody().parse('42')).toBe(42);
  });

  it('accepts every id up to 2,147,483,647, ten digits included, and nothing above', () => {
    expect(idFromQuery().parse('2147483647')).toBe(2_147_483_647);
    expect(idFromBody().parse('2147483647')).toBe(2_147_483_647);
    expect(idFromQuery().safeParse('2147483648').success).toBe(false);
    expect(idFromBody().safeParse(2_147_483_648).success).toBe(false);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('refuses %j', (value) => {
    expect(idFromQuery().safeParse(value).success).toBe(false);
    expect(idFromBody().safeParse(value).success).toBe(false);
  });
});

describe('parseProductSpec', () => {
  it('splits k=v pairs in order and tolerates stray separators', () => {
    expect(parseProductSpec('Purity=999.9, Weight=10 g,,Metal=Gold')).toEqual([
      { key: 'Purity', value: '999.9' },
      { key: 'Weight', value: '10 g' },
      { key: 'Metal', value: 'Gold' },
    ]);
    expect(parseProductSpec('')).toEqual([]);
    expect(parseProductSpec('Hallmarked')).toEqual([{ key: 'Hallmarked', value: '' }]);
  });
});
