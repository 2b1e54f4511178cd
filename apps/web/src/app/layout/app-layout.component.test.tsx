import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { ErrorAlertProvider, useErrorAlert } from '../../shared/dialogs/error-alert.context.tsx';
import { alertDialog } from '../../shared/dialogs/message-dialogs.ts';
import { setEarlyFlag } from '../../shared/storage/storage.ts';
import { AppLayout } from './app-layout.component.tsx';

/** A screen that shows an error alert as soon as it renders. */
function FailingScreen() {
  const showErrorAlert = useErrorAlert();
  useEffect(() => showErrorAlert('Incorrect mobile number or password'), [showErrorAlert]);
  return <p>failing screen</p>;
}

function renderLayoutAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/failing', element: <FailingScreen /> },
          { path: '*', element: <p>screen {path}</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ErrorAlertProvider>
        <RouterProvider router={router} />
      </ErrorAlertProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('AppLayout', () => {
  it('hides an error alert when the player moves to another screen', async () => {
    const router = renderLayoutAt('/failing');
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect mobile number or password');
    await act(() => router.navigate('/mine'));
    expect(await screen.findByText('screen /failing')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes an open dialog when the player goes Back, and keeps the dialogs the next screen opens', async () => {
    const router = renderLayoutAt('/mine');
    await screen.findByText('screen /mine');
    act(() => {
      void alertDialog({ content: 'Transfer ₹250.00 to user ID 1043?' });
    });
    expect(await screen.findByText('Transfer ₹250.00 to user ID 1043?')).toBeTruthy();
    await act(() => router.navigate('/failing'));
    await waitFor(() => expect(screen.queryByText('Transfer ₹250.00 to user ID 1043?')).toBeNull());
    // The next screen's own alert, shown as it mounts, stays.
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect mobile number or password');
  });

  it('shows the bottom navigation with the Games and Mine tabs, the screens with a tab so far', async () => {
    renderLayoutAt('/');
    const nav = await screen.findByTestId('bottom-nav');
    expect(nav.textContent).toBe('GamesMine');
  });

  it('shows the Win, Aviator and Lucky Hit tabs with the early flag', async () => {
    setEarlyFlag(true);
    renderLayoutAt('/');
    const nav = await screen.findByTestId('bottom-nav');
    expect(nav.textContent).toBe('GamesWinAviatorLucky HitMine');
  });

  it('hides the bottom navigation on the payment page and the colour histories', async () => {
    for (const path of ['/rechargePayment', '/parity']) {
      renderLayoutAt(path);
      await screen.findByText(`screen ${path}`);
      expect(screen.queryByTestId('bottom-nav'), path).toBeNull();
    }
  });

  it('scrolls to the top on navigation, and not on the first render', async () => {
    vi.mocked(window.scrollTo).mockClear();
    const router = renderLayoutAt('/');
    await screen.findByTestId('bottom-nav');
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/mine'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
