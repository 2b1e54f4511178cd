import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../shared/storage/storage.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { callsTo, fakeProduct, stubShopServer } from '../testing/fake-shop-server.ts';
import { ProductDetail } from './product-detail.component.tsx';

afterEach(() => Dialog.clear());

describe('ProductDetail', () => {
  it('shows the pictures, name, price in the market currency and the specification table', async () => {
    const calls = stubShopServer({ '/shop/product': () => ({ code: 200, entry: fakeProduct() }) });
    renderWithProviders(<ProductDetail productId={7} />, { market: 'pt' });

    expect((await screen.findByTestId('product-name')).textContent).toBe('Gold bar 10 g');
    expect(screen.getByTestId('product-price').textContent).toBe('R$\u00a065.000,00');
    expect(callsTo(calls, '/shop/product')[0]?.query.get('id')).toBe('7');

    // main_image and image2; the empty image3 is left out.
    const pictures = within(screen.getByTestId('product-gallery')).getAllByRole('img');
    expect(new Set(pictures.map((picture) => picture.getAttribute('src')))).toEqual(
      new Set(['/media/products/gold-bar-10g-1.svg', '/media/products/gold-bar-10g-2.svg']),
    );

    const table = screen.getByTestId('spec-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]);
    expect(rows).toEqual([
      ['Metal', 'Gold'],
      ['Purity', '999.9'],
      ['Weight', '10 g'],
    ]);
    expect(within(table).getByText('Specification')).toBeTruthy();
  });

  it('reads Sold out and is disabled at zero stock', async () => {
    stubShopServer({ '/shop/product': () => ({ code: 200, entry: fakeProduct({ stock: 0 }) }) });
    renderWithProviders(<ProductDetail productId={7} />);
    const button = await screen.findByTestId('buy-button');
    expect(button.textContent).toBe('Sold out');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
  });

  it('tells a visitor without a token to log in to buy, then opens /login on Log in', async () => {
    stubShopServer({ '/shop/product': () => ({ code: 200, entry: fakeProduct() }) });
    const { router } = renderWithProviders(<ProductDetail productId={7} />);
    const button = await screen.findByRole('button', { name: 'Buy now' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('Log in to buy')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('stays on the product when the visitor cancels the log-in question', async () => {
    stubShopServer({ '/shop/product': () => ({ code: 200, entry: fakeProduct() }) });
    const { router } = renderWithProviders(<ProductDetail productId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Log in to buy')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens /buy?id for a signed-in player', async () => {
    setToken('tok');
    stubShopServer({ '/shop/product': () => ({ code: 200, entry: fakeProduct() }) });
    const { router } = renderWithProviders(<ProductDetail productId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it("shows the server's message for an unknown product, without a buy button", async () => {
    stubShopServer({ '/shop/product': () => ({ code: 404, msg: 'Product not found' }) });
    renderWithProviders(<ProductDetail productId={999} />);
    expect((await screen.findByTestId('product-missing')).textContent).toBe('Product not found');
    expect(screen.queryByTestId('buy-button')).toBeNull();
  });

  it('asks nothing for a broken link', async () => {
    const calls = stubShopServer({});
    renderWithProviders(<ProductDetail productId={null} />);
    expect(screen.getByTestId('product-missing').textContent).toBe('This product does not exist.');
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the product could not be loaded', async () => {
    let fail = true;
    stubShopServer({
      '/shop/product': () => (fail ? new TypeError('Failed to fetch') : { code: 200, entry: fakeProduct() }),
    });
    renderWithProviders(<ProductDetail productId={7} />);
    await screen.findByTestId('product-load-failed');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('product-name')).textContent).toBe('Gold bar 10 g');
  });
});
