import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { setEarlyFlag, setToken } from '../../../shared/storage/storage.ts';
import { stubColourServer } from '../testing/colour-test-server.ts';
import { EarlyAccessGate } from './early-access-gate.component.tsx';

/** A profile answer with the early flag. */
function profile(isEarly: boolean) {
  return {
    code: 200,
    entry: { user_id: 1042, mobile: '+919876543210', nick_name: 'Asha', balance: '0.00', r_code: 'AB12CD' },
    is_early: isEarly,
    is_transfer_enable: 0,
  };
}

/** The gate on /game, opened from the home screen at /. */
function renderGate() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p data-testid="home">home</p> },
      {
        path: '/game',
        element: (
          <EarlyAccessGate>
            <p data-testid="game">game</p>
          </EarlyAccessGate>
        ),
      },
    ],
    { initialEntries: ['/game'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('EarlyAccessGate', () => {
  it('shows the screen at once with the stored early flag', () => {
    stubColourServer({});
    setEarlyFlag(true);
    renderGate();
    expect(screen.getByTestId('game')).toBeTruthy();
  });

  it('goes back without the flag and without a token', async () => {
    stubColourServer({});
    const router = renderGate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('home')).toBeTruthy();
  });

  it("asks a signed-in player's profile and lets an early player in", async () => {
    stubColourServer({ '/user/profile': () => profile(true) });
    setToken('tok');
    renderGate();
    expect(await screen.findByTestId('game')).toBeTruthy();
    expect(window.localStorage.getItem('is_early')).toBe('1');
  });

  it('goes back when the profile says the player is not early', async () => {
    stubColourServer({ '/user/profile': () => profile(false) });
    setToken('tok');
    const router = renderGate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
