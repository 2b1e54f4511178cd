import { INLINE_HOME_PRODUCTS_ELEMENT_ID, INLINE_HOME_TOP_ELEMENT_ID } from '@app/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../app/query-client.ts';
import { fakeFetch } from '../../../test/render-with-providers.tsx';
import { shopQueryKeys } from './shop-query-keys.ts';
import { prefetchShopHome } from './use-home-top.hook.ts';

const HOME_TOP = {
  code: 200,
  queryset: [
    {
      image1: '/media/banners/banner-1.svg',
      image2: '/media/banners/banner-2.svg',
      image3: '',
      image4: '',
      image5: '',
      notice: 'Closed on Sunday </script>',
      android_version: '1.0.0',
      more_game_list: [],
    },
  ],
  more_game_list: [{ game_id: 1, name: 'Dice', image: '/demo-provider/dice.svg' }],
};
const PRODUCTS = { code: 200, page: { count: 0 }, queryset: [] };

/** Writes the data block as the server does in the page for `/`. */
function carryInPage(json: string, elementId = INLINE_HOME_TOP_ELEMENT_ID): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = elementId;
  block.textContent = json;
  document.head.append(block);
}

function calledPaths(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

describe('prefetchShopHome', () => {
  afterEach(() => {
    document.getElementById(INLINE_HOME_TOP_ELEMENT_ID)?.remove();
    document.getElementById(INLINE_HOME_PRODUCTS_ELEMENT_ID)?.remove();
  });

  it('takes the first products the page carries instead of calling GET /shop/products', async () => {
    const product = {
      id: 7,
      name: 'Gold coin 1 g',
      price: '7480.00',
      main_image: '/media/products/coin-1.webp',
      image2: '',
      image3: '',
      spec: 'Weight=1 g',
      stock: 3,
      cancellable: true,
    };
    carryInPage(JSON.stringify(HOME_TOP), INLINE_HOME_TOP_ELEMENT_ID);
    carryInPage(
      JSON.stringify({ code: 200, page: { count: 11 }, queryset: [product] }),
      INLINE_HOME_PRODUCTS_ELEMENT_ID,
    );
    const fetchMock = vi.fn(
      fakeFetch({ '/shop/home_top': () => HOME_TOP, '/shop/products': () => PRODUCTS }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createAppQueryClient();

    prefetchShopHome(queryClient);

    const pages = queryClient.getQueryData(shopQueryKeys.products('')) as {
      pages: Array<{ count: number; products: Array<{ id: number }> }>;
      pageParams: number[];
    };
    expect(pages.pageParams).toEqual([1]);
    expect(pages.pages).toHaveLength(1);
    expect(pages.pages[0]?.count).toBe(11);
    expect(pages.pages[0]?.products.map((entry) => entry.id)).toEqual([7]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the home content the page carries instead of calling GET /shop/home_top', async () => {
    carryInPage(JSON.stringify(HOME_TOP).replaceAll('<', '\\u003c'));
    const fetchMock = vi.fn(
      fakeFetch({ '/shop/home_top': () => HOME_TOP, '/shop/products': () => PRODUCTS }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createAppQueryClient();

    prefetchShopHome(queryClient);

    expect(queryClient.getQueryData(shopQueryKeys.homeTop)).toEqual({
      banners: ['/media/banners/banner-1.svg', '/media/banners/banner-2.svg'],
      notice: 'Closed on Sunday </script>',
      androidVersion: '1.0.0',
      games: [{ game_id: 1, name: 'Dice', image: '/demo-provider/dice.svg' }],
    });
    await vi.waitFor(() => expect(calledPaths(fetchMock)).toContain('/shop/products'));
    expect(calledPaths(fetchMock)).not.toContain('/shop/home_top');
  });

  it('calls GET /shop/home_top when the page carries nothing usable', async () => {
    for (const carried of [undefined, '{"code":200,', '{"code":500}']) {
      if (carried !== undefined) carryInPage(carried);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetchMock = vi.fn(
        fakeFetch({ '/shop/home_top': () => HOME_TOP, '/shop/products': () => PRODUCTS }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const queryClient = createAppQueryClient();

      prefetchShopHome(queryClient);

      await vi.waitFor(() => expect(queryClient.getQueryData(shopQueryKeys.homeTop)).toBeDefined());
      expect(calledPaths(fetchMock)).toContain('/shop/home_top');
      document.getElementById(INLINE_HOME_TOP_ELEMENT_ID)?.remove();
      vi.restoreAllMocks();
    }
  });
});
