import { INLINE_HOME_TOP_ELEMENT_ID } from '@app/shared';
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
function carryInPage(json: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINE_HOME_TOP_ELEMENT_ID;
  block.textContent = json;
  document.head.append(block);
}

function calledPaths(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

describe('prefetchShopHome', () => {
  afterEach(() => document.getElementById(INLINE_HOME_TOP_ELEMENT_ID)?.remove());

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
