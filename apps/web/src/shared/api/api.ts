import { currentLanguage } from '../../i18n/i18n.ts';
import { clearToken, getToken } from '../storage/storage.ts';
import { createApiClient } from './api-client.ts';

/** The hash route of the login screen, where every 401 sends the player (spec 01 §4). */
export const LOGIN_HASH = '#/login';

/** Sends the player to the login screen unless they are already on it. */
function goToLogin(): void {
  if (!window.location.hash.startsWith(LOGIN_HASH)) window.location.hash = LOGIN_HASH;
}

/** The app's API client: same origin, token from storage, Accept-Language from the interface language. */
export const api = createApiClient({
  baseUrl: '',
  getToken,
  clearToken,
  getLanguage: currentLanguage,
  onUnauthorized: goToLogin,
});
