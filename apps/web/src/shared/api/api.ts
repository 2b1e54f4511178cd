import { currentLanguage } from '../../i18n/i18n.ts';
import { clearSession, getToken } from '../storage/storage.ts';
import { createApiClient } from './api-client.ts';

/** The hash route of the login screen, where every 401 sends the player (spec 01 §4). */
export const LOGIN_HASH = '#/login';

/** Sends the player to the login screen unless they are already on it. */
function goToLogin(): void {
  if (!window.location.hash.startsWith(LOGIN_HASH)) window.location.hash = LOGIN_HASH;
}

const writeSucceededListeners = new Set<() => void>();

/**
 * Calls the listener after every successful POST or PUT of the app's client; returns the unsubscribe. The
 * error alert listens, so the message of a refused action goes when a later action succeeds.
 */
export function onApiWriteSucceeded(listener: () => void): () => void {
  writeSucceededListeners.add(listener);
  return () => writeSucceededListeners.delete(listener);
}

/**
 * The app's API client: same origin, token from storage, Accept-Language from the interface language. A 401
 * ends the whole session, not only the token, so the early flag and the other values of the player who was
 * signed in do not stay behind for whoever uses the device next.
 */
export const api = createApiClient({
  baseUrl: '',
  getToken,
  clearToken: clearSession,
  getLanguage: currentLanguage,
  onUnauthorized: goToLogin,
  onWriteSucceeded: () => {
    for (const listener of writeSucceededListeners) listener();
  },
});
