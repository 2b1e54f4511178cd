import type { OperatorRole } from '@app/shared';
import { type AuthProvider, Refine } from '@refinedev/core';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { ConsoleIdentity } from '../features/auth/auth-provider.ts';
import { dataProvider } from '../shared/data-provider.ts';

/** The signed-in operator of a test. */
export function identityOf(username: string, role: OperatorRole, id = 1): ConsoleIdentity {
  return { id, name: `${username} (${role})`, username, role };
}

/** An auth provider that says the given operator is signed in (the real one asks the server once). */
function signedIn(identity: ConsoleIdentity): AuthProvider {
  return {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => identity,
    getPermissions: async () => identity.role,
  };
}

/**
 * Renders a piece of the console as the app does: Refine with the console's own data provider (whose
 * apiCall a test mocks, standing in for the server), antd's App and a router, and a signed-in operator.
 */
export function renderInConsole(ui: ReactNode, identity: ConsoleIdentity = identityOf('ops-ann', 'finance')) {
  return render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={signedIn(identity)}
          resources={[{ name: 'approvals' }, { name: 'alerts' }]}
          options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false }}
        >
          {ui}
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

type Method = 'GET' | 'POST' | 'PUT';
type Handler = (body: unknown, query: URLSearchParams) => unknown;

/**
 * A stand-in server for the mocked apiCall: each route is "METHOD /path" (the query string apart) and
 * answers a body, or throws as apiCall does when the server refuses. Answers the function to give to
 * `vi.mocked(apiCall).mockImplementation`.
 */
export function fakeServer(routes: Record<string, Handler>) {
  return async (method: Method, path: string, body?: unknown) => {
    const [pathname = '', search = ''] = path.split('?');
    const handler = routes[`${method} ${pathname}`];
    if (!handler) throw new Error(`unexpected call ${method} ${path}`);
    return handler(body, new URLSearchParams(search)) as never;
  };
}

/** The count a header badge shows (antd puts it in the badge's title), or null before it has one. */
export function badgeCount(testId: string): string | null {
  const badge = document.querySelector(`[data-testid="${testId}"] sup`);
  return badge?.getAttribute('title') ?? null;
}
