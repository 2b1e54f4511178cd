import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { setEarlyFlag } from '../../shared/storage/storage.ts';
import { AppLayout } from './app-layout.component.tsx';

function renderLayoutAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '*', element: <p>screen {path}</p> }] }],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('AppLayout', () => {
  it('shows the bottom navigation with the Games tab, the only screen with a tab so far', async () => {
    renderLayoutAt('/');
    const nav = await screen.findByTestId('bottom-nav');
    expect(nav.textContent).toBe('Games');
  });

  it('shows no tab for game screens that do not exist yet, even with the early flag', async () => {
    setEarlyFlag(true);
    renderLayoutAt('/');
    const nav = await screen.findByTestId('bottom-nav');
    expect(nav.textContent).not.toContain('Win');
    expect(nav.textContent).not.toContain('Aviator');
    expect(nav.textContent).not.toContain('Mine');
  });

  it('hides the bottom navigation on the payment page and the colour histories', async () => {
    for (const path of ['/rechargePayment', '/parity']) {
      renderLayoutAt(path);
      await screen.findByText(`screen ${path}`);
      expect(screen.queryByTestId('bottom-nav'), path).toBeNull();
    }
  });

  it('scrolls to the top on navigation', async () => {
    renderLayoutAt('/');
    await screen.findByTestId('bottom-nav');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
