import type { ProductDto } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { PRODUCT_PAGE_SIZE } from '../api/shop.api.ts';
import { ShopHome } from './shop-home.component.tsx';

const CATALOGUE_SIZE = 24;

function product(id: number): ProductDto {
  return {
    id,
    name: `Gold bar ${id} g`,
    price: `${id * 1000}.50`,
    main_image: `/media/products/gold-bar-${id}g-1.svg`,
    image2: '',
    image3: '',
    spec: 'Metal=Gold',
    // Product 2 is sold out.
    stock: id === 2 ? 0 : 10,
  };
}

const CATALOGUE = Array.from({ length: CATALOGUE_SIZE }, (_, index) => product(index + 1));

const homeTop = (overrides: Record<string, unknown> = {}) => ({
  code: 200,
  queryset: [
    {
      image1: '/media/banners/banner-1.svg',
      image2: '',
      image3: '/media/banners/banner-3.svg',
      image4: '',
      image5: '',
      notice: 'Inventory time is 01:30-05:30 every day.',
      android_version: '1.0.0',
      more_game_list: [],
      ...overrides,
    },
  ],
  more_game_list: [],
});

function productsPage(url: URL) {
  const page = Number(url.searchParams.get('p'));
  const size = Number(url.searchParams.get('p_size'));
  return {
    code: 200,
    page: { count: CATALOGUE.length },
    queryset: CATALOGUE.slice((page - 1) * size, page * size),
  };
}

describe('ShopHome', () => {
  it('renders the first page of products in the market currency, with a Sold out badge', async () => {
    const fetchMock = vi.fn(fakeFetch({ '/shop/home_top': () => homeTop(), '/shop/products': productsPage }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithProviders(<ShopHome />, { market: 'in' });

    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(cards[0]?.textContent).toContain('Gold bar 1 g');
    expect(within(cards[0] as HTMLElement).getByTestId('product-price').textContent).toBe('₹1,000.50');

    const badges = screen.getAllByTestId('sold-out-badge');
    expect(badges).toHaveLength(1);
    expect(cards[1]?.contains(badges[0] as HTMLElement)).toBe(true);
    expect(badges[0]?.textContent).toBe('Sold out');

    const productCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/shop/products');
    expect(productCall?.searchParams.get('p')).toBe('1');
    expect(productCall?.searchParams.get('p_size')).toBe(String(PRODUCT_PAGE_SIZE));
    expect(productCall?.searchParams.has('t')).toBe(true);

    fireEvent.click(cards[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/item'));
    expect(router.state.location.search).toBe('?id=1');
  });

  it('formats prices with the decimal comma for market pt', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/shop/home_top': () => homeTop(), '/shop/products': productsPage }));
    renderWithProviders(<ShopHome />, { market: 'pt' });
    const prices = await screen.findAllByTestId('product-price');
    expect(prices[0]?.textContent).toBe('R$\u00a01.000,50');
  });

  it('shows only the non-empty banners', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/shop/home_top': () => homeTop(), '/shop/products': productsPage }));
    renderWithProviders(<ShopHome />);
    const carousel = await screen.findByTestId('banner-carousel');
    const sources = [...carousel.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(new Set(sources)).toEqual(new Set(['/media/banners/banner-1.svg', '/media/banners/banner-3.svg']));
  });

  it('renders no games section for an empty games list, and Play buttons otherwise', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/shop/home_top': () => homeTop(), '/shop/products': productsPage }));
    const empty = renderWithProviders(<ShopHome />);
    await screen.findAllByTestId('product-card');
    expect(screen.queryByTestId('home-games')).toBeNull();
    empty.unmount();

    const games = [{ game_id: 3, name: 'Dragon Tiger', image: '/media/games/dt.svg' }];
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/shop/home_top': () => ({ ...homeTop(), more_game_list: games }),
        '/shop/products': productsPage,
      }),
    );
    const { router } = renderWithProviders(<ShopHome />);
    const section = await screen.findByTestId('home-games');
    expect(section.textContent).toContain('Dragon Tiger');
    fireEvent.click(within(section).getByRole('button', { name: 'Play Dragon Tiger' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moreGame'));
    expect(router.state.location.search).toBe('?id=3&name=Dragon+Tiger');
  });

  it('pops up the notice once a day', async () => {
    vi.stubGlobal('fetch', fakeFetch({ '/shop/home_top': () => homeTop(), '/shop/products': productsPage }));
    const first = renderWithProviders(<ShopHome />);
    expect((await screen.findByTestId('notice-text')).textContent).toBe(
      'Inventory time is 01:30-05:30 every day.',
    );
    first.unmount();

    renderWithProviders(<ShopHome />);
    await screen.findAllByTestId('product-card');
    expect(screen.queryByTestId('notice-text')).toBeNull();
  });

  it('shows the maintenance dialog when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<ShopHome />);
    const message = await screen.findByTestId('maintenance-text');
    expect(message.textContent).toBe('The app is closed for maintenance, please wait a period of time');
  });

  it('does not show the maintenance dialog for a failure the server reported', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/shop/home_top': () => ({ code: 500, msg: 'An error occurred, please try again later.' }),
        '/shop/products': productsPage,
      }),
    );
    renderWithProviders(<ShopHome />);
    expect(await screen.findAllByTestId('product-card')).toHaveLength(PRODUCT_PAGE_SIZE);
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByTestId('maintenance-text')).toBeNull();
  });

  it('says so when the catalogue is empty', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        '/shop/home_top': () => homeTop({ notice: '' }),
        '/shop/products': () => ({ code: 200, page: { count: 0 }, queryset: [] }),
      }),
    );
    renderWithProviders(<ShopHome />);
    await waitFor(() =>
      expect(screen.getByTestId('product-feed-status').textContent).toBe('No products yet'),
    );
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });
});
