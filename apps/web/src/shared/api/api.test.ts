import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/render-with-providers.tsx';
import {
  getDarkModePreference,
  getDeviceId,
  getEarlyFlag,
  getLanguagePreference,
  getNickName,
  getToken,
  setDarkModePreference,
  setDeviceId,
  setEarlyFlag,
  setLanguagePreference,
  setNickName,
  setToken,
} from '../storage/storage.ts';
import { api, LOGIN_HASH } from './api.ts';
import { ApiFailure } from './api-errors.ts';

afterEach(() => {
  window.location.hash = '';
});

describe('the app API client', () => {
  it('on a 401 ends the session: the player values go, the device values stay, and login opens', async () => {
    setToken('revoked');
    setEarlyFlag(true);
    setNickName('Asha');
    setDeviceId('device-id-0000000042');
    setDarkModePreference(true);
    setLanguagePreference('pt-BR');
    vi.stubGlobal('fetch', fakeFetch({ '/user/profile': () => ({ code: 401, msg: 'Please log in again' }) }));

    const error = await api.get('/user/profile').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiFailure);
    expect(getToken()).toBeNull();
    expect(getEarlyFlag()).toBe(false);
    expect(getNickName()).toBeNull();
    expect(getDeviceId()).toBe('device-id-0000000042');
    expect(getDarkModePreference()).toBe(true);
    expect(getLanguagePreference()).toBe('pt-BR');
    expect(window.location.hash).toBe(LOGIN_HASH);
  });

  it('keeps the session on other failures', async () => {
    setToken('valid');
    setEarlyFlag(true);
    vi.stubGlobal('fetch', fakeFetch({}));

    await expect(api.get('/shop/product', { id: 999 })).rejects.toBeInstanceOf(ApiFailure);

    expect(getToken()).toBe('valid');
    expect(getEarlyFlag()).toBe(true);
  });
});
