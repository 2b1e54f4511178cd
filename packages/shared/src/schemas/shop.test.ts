import { describe, expect, it } from 'vitest';
import { MAX_KEYWORD_LENGTH, productListQuery } from './shop.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('productListQuery', () => {
  it('trims the keyword and defaults the page', () => {
    expect(productListQuery.parse({ keyword: '  gold bar ' })).toEqual({
      p: 1,
      p_size: 10,
      keyword: 'gold bar',
    });
  });

  it('treats a missing or blank keyword as no filter', () => {
    expect(productListQuery.parse({}).keyword).toBeUndefined();
    expect(productListQuery.parse({ keyword: '' }).keyword).toBeUndefined();
    expect(productListQuery.parse({ keyword: '   ' }).keyword).toBeUndefined();
  });

  it('keeps LIKE wildcards as ordinary characters for the repository to escape', () => {
    expect(productListQuery.parse({ keyword: '100%_off' }).keyword).toBe('100%_off');
  });

  it.each([
    ['a NUL character', 'gold\u0000'],
    ['a lone NUL', '\u0000'],
    ['a bell', 'ab\u0007cd'],
    ['a line feed inside', 'gold\nbar'],
    ['DEL', 'gold\u007f'],
    ['a C1 control', 'gold\u0085bar'],
  ])('refuses %s, naming keyword', (_, keyword) => {
    const result = productListQuery.safeParse({ keyword });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('keyword must not contain control characters');
  });

  it('counts the length in characters after trimming', () => {
    expect(productListQuery.safeParse({ keyword: ` ${'x'.repeat(MAX_KEYWORD_LENGTH)} ` }).success).toBe(true);
    expect(productListQuery.safeParse({ keyword: '😀'.repeat(MAX_KEYWORD_LENGTH) }).success).toBe(true);
    const tooLong = productListQuery.safeParse({ keyword: 'x'.repeat(MAX_KEYWORD_LENGTH + 1) });
    expect(firstMessage(tooLong)).toBe(`keyword must be at most ${MAX_KEYWORD_LENGTH} characters`);
  });

  it('refuses a repeated keyword (an array in the query string)', () => {
    expect(firstMessage(productListQuery.safeParse({ keyword: ['a', 'b'] }))).toBe('keyword must be text');
  });
});
