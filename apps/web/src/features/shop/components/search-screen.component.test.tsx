import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { callsTo, fakeProduct, stubShopServer } from '../testing/fake-shop-server.ts';
import { SearchScreen } from './search-screen.component.tsx';

const CATALOGUE = [
  fakeProduct({ id: 1, name: 'Gold coin 1 g' }),
  fakeProduct({ id: 2, name: 'Silver bar 100 g', stock: 0 }),
  fakeProduct({ id: 3, name: 'Gold bar 10 g' }),
];

function productsServer() {
  return stubShopServer({
    '/shop/products': (call) => {
      const keyword = (call.query.get('keyword') ?? '').toLowerCase();
      const found = CATALOGUE.filter((product) => product.name.toLowerCase().includes(keyword));
      return { code: 200, page: { count: found.length }, queryset: found };
    },
  });
}

describe('SearchScreen', () => {
  it('asks nothing until the player searches, then searches the trimmed keyword on Enter', async () => {
    const calls = productsServer();
    const { router } = renderWithProviders(<SearchScreen />);
    const field = screen.getByRole('searchbox', { name: 'Search products' });
    expect(screen.getByText('Type a keyword and press Enter to search.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.type(field, '  gold {Enter}');

    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Gold coin 1 g'),
      expect.stringContaining('Gold bar 10 g'),
    ]);
    const search = callsTo(calls, '/shop/products')[0];
    expect(search?.query.get('keyword')).toBe('gold');
    expect(search?.query.get('p')).toBe('1');
    expect(search?.query.get('p_size')).toBe('10');
    expect((field as HTMLInputElement).value).toBe('gold');
    // The keyword is in the address, so coming back to the screen shows the same results.
    expect(router.state.location.search).toBe('?keyword=gold');
  });

  it('shows the results of the keyword in the address at once, and says when nothing matches', async () => {
    productsServer();
    renderWithProviders(<SearchScreen />, { path: '/?keyword=platinum' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('platinum');
    await waitFor(() =>
      expect(screen.getByTestId('product-feed-status').textContent).toBe('No products match "platinum"'),
    );
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('marks a sold-out result', async () => {
    productsServer();
    renderWithProviders(<SearchScreen />, { path: '/?keyword=silver' });
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(1);
    expect(screen.getByTestId('sold-out-badge').textContent).toBe('Sold out');
  });
});
