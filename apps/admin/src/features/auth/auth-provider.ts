import type { OperatorMeResponse, OperatorRole } from '@app/shared';
import type { AuthProvider } from '@refinedev/core';
import { ApiError, apiCall, sessionToken, storeSessionToken } from '../../shared/api-client.ts';

let me: Promise<OperatorMeResponse> | undefined;

/** Who is signed in, as Refine's useGetIdentity answers it. */
export interface ConsoleIdentity {
  id: number;
  /** "username (role)", as the header shows it. */
  name: string;
  username: string;
  role: OperatorRole;
}

/** The signed-in operator (asked once per session). */
export function currentOperator(): Promise<OperatorMeResponse> {
  me ??= apiCall<OperatorMeResponse>('GET', '/admin/api/auth/me');
  me.catch(() => {
    me = undefined;
  });
  return me;
}

/** Forgets the session (after logout or a 401). */
export function forgetSession(): void {
  storeSessionToken(null);
  me = undefined;
}

/**
 * Refine's auth: the login page itself talks to /admin/api/auth/login and /enrol (TOTP needs two steps), then
 * stores the token; here the session is checked, identified and ended.
 */
export const authProvider: AuthProvider = {
  async login() {
    return { success: sessionToken() !== null, redirectTo: '/' };
  },
  async logout() {
    await apiCall('POST', '/admin/api/auth/logout').catch(() => undefined);
    forgetSession();
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    if (!sessionToken()) return { authenticated: false, redirectTo: '/login' };
    try {
      await currentOperator();
      return { authenticated: true };
    } catch {
      forgetSession();
      return { authenticated: false, redirectTo: '/login' };
    }
  },
  async getIdentity(): Promise<ConsoleIdentity> {
    const { operator } = await currentOperator();
    return {
      id: operator.id,
      name: `${operator.username} (${operator.role})`,
      username: operator.username,
      role: operator.role,
    };
  },
  async getPermissions() {
    return (await currentOperator()).operator.role;
  },
  async onError(error: unknown) {
    const status =
      error instanceof ApiError ? error.statusCode : (error as { statusCode?: number })?.statusCode;
    if (status === 401) {
      forgetSession();
      return { logout: true, redirectTo: '/login' };
    }
    return {};
  },
};
