import { describe, expect, it } from 'vitest';
import type { ProductPage } from '../api/shop.api.ts';
import { mergeProductPages, nextProductPage } from './use-product-pages.hook.ts';

const item = (id: number) => ({
  id,
  name: `P${id}`,
  price: '1.00',
  main_image: '',
  image2: '',
  image3: '',
  spec: '',
  stock: 1,
});
const page = (count: number, ids: number[]): ProductPage => ({ count, products: ids.map(item) });

describe('nextProductPage', () => {
  it('asks for the next page until page.count products are loaded', () => {
    expect(nextProductPage([page(24, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])], 1)).toBe(2);
    const two = [
      page(24, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      page(24, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
    ];
    expect(nextProductPage(two, 2)).toBe(3);
    expect(nextProductPage([...two, page(24, [21, 22, 23, 24])], 3)).toBeUndefined();
  });

  it('stops at an empty page even if the count says more', () => {
    expect(nextProductPage([page(30, [1, 2]), page(30, [])], 2)).toBeUndefined();
  });
});

describe('mergeProductPages', () => {
  it('keeps the order and drops a product repeated across pages', () => {
    const merged = mergeProductPages([page(5, [1, 2, 3]), page(5, [3, 4, 5])]);
    expect(merged.map((product) => product.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
