import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { clearSession } from '../../../shared/storage/storage.ts';
import { logout } from '../api/profile.api.ts';

/** The screen every logout ends on (spec 01 §4, spec 02 §2). */
const AFTER_LOGOUT_PATH = '/login';

/**
 * Logs out (after the caller's confirmation): POST /user/logout, then the session is cleared (the token and
 * the player's stored values, such as the early flag that shows the game tabs) and the player goes to
 * /login. The local logout happens even when the call fails, because a player who asked to leave must not
 * stay signed in on this device; the failure is logged.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout(api);
    } catch (error) {
      console.error('POST /user/logout failed; logging out locally', error);
    }
    clearSession();
    navigate(AFTER_LOGOUT_PATH, { replace: true });
    // After leaving the screen, so nothing re-fetches the old account's data.
    queryClient.clear();
  }, [navigate, queryClient]);
}
