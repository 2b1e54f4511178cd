import type { MarketCode } from '@app/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { AppConfigProvider } from '../shared/app-config/app-config.context.tsx';
import { ErrorAlertProvider } from '../shared/dialogs/error-alert.context.tsx';

/** Renders a component with the app's providers, a fresh query cache and an in-memory router. */
export function renderWithProviders(ui: ReactElement, options: { market?: MarketCode; path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p data-testid="other-route">other route</p> },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppConfigProvider config={{ market: options.market ?? 'in', devTools: false }}>
        <I18nextProvider i18n={i18n}>
          <ErrorAlertProvider>
            <RouterProvider router={router} />
          </ErrorAlertProvider>
        </I18nextProvider>
      </AppConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stand-in that answers by path with JSON envelopes; records every call. */
export function fakeFetch(routes: Record<string, (url: URL) => unknown>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname];
    if (!handler) return new Response(JSON.stringify({ code: 404, msg: 'Not found' }), { status: 404 });
    const body = handler(url);
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), {
      status: typeof body === 'object' && body && 'code' in body ? Number(body.code) : 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
