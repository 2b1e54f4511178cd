import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  clearToken,
  getBankCardOtpRequired,
  getDarkModePreference,
  getDeviceId,
  getEarlyFlag,
  getLanguagePreference,
  getNickName,
  getNoticeShownDay,
  getRechargeDetails,
  getToken,
  readItem,
  SESSION_KEYS,
  StorageKey,
  setBankCardOtpRequired,
  setDarkModePreference,
  setDeviceId,
  setEarlyFlag,
  setLanguagePreference,
  setNickName,
  setNotice,
  setNoticeShownDay,
  setRechargeDetails,
  setToken,
  subscribeToStorage,
} from './storage.ts';

describe('storage', () => {
  it('keeps the token under its key and forgets it on clear', () => {
    expect(getToken()).toBeNull();
    setToken('tok-1');
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(getToken()).toBe('tok-1');
    clearToken();
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('ends a session by forgetting the player and keeping the device', () => {
    setToken('tok-1');
    setEarlyFlag(true);
    setNickName('Asha');
    setBankCardOtpRequired(true);
    setRechargeDetails('upi', '{"pay_upi_account":"asha@upi"}');
    setRechargeDetails('standard', '{"pay_name":"Asha"}');
    setDeviceId('device-42');
    setDarkModePreference(true);
    setLanguagePreference('vi');
    setNotice('Inventory time');
    setNoticeShownDay('2025-03-01');

    clearSession();

    expect(getToken()).toBeNull();
    expect(getEarlyFlag()).toBe(false);
    expect(window.localStorage.getItem(StorageKey.isEarly)).toBeNull();
    expect(getNickName()).toBeNull();
    expect(getBankCardOtpRequired()).toBe(false);
    expect(getRechargeDetails('upi')).toBeNull();
    expect(getRechargeDetails('standard')).toBeNull();
    expect(getDeviceId()).toBe('device-42');
    expect(getDarkModePreference()).toBe(true);
    expect(getLanguagePreference()).toBe('vi');
    expect(readItem(StorageKey.notice)).toBe('Inventory time');
    expect(getNoticeShownDay()).toBe('2025-03-01');
  });

  it('removes the token after the player values, so its listeners see them cleared', () => {
    setToken('tok-1');
    setEarlyFlag(true);
    const seen: Array<[string, boolean]> = [];
    const unsubscribe = subscribeToStorage((key) => seen.push([key, getEarlyFlag()]));
    clearSession();
    unsubscribe();
    expect(seen.at(-1)).toEqual([StorageKey.token, false]);
    expect(seen.map(([key]) => key).sort()).toEqual([...SESSION_KEYS].sort());
    expect(SESSION_KEYS).not.toContain(StorageKey.deviceId);
    expect(SESSION_KEYS).not.toContain(StorageKey.darkMode);
    expect(SESSION_KEYS).not.toContain(StorageKey.language);
  });

  it('treats an empty stored token as no token', () => {
    window.localStorage.setItem(StorageKey.token, '');
    expect(getToken()).toBeNull();
  });

  it('stores the device id', () => {
    setDeviceId('device-42');
    expect(getDeviceId()).toBe('device-42');
    expect(readItem(StorageKey.deviceId)).toBe('device-42');
  });

  it('reads the early flag as false until it is set', () => {
    expect(getEarlyFlag()).toBe(false);
    setEarlyFlag(true);
    expect(getEarlyFlag()).toBe(true);
    setEarlyFlag(false);
    expect(getEarlyFlag()).toBe(false);
  });

  it('distinguishes "never chose a theme" from light and dark', () => {
    expect(getDarkModePreference()).toBeNull();
    setDarkModePreference(true);
    expect(getDarkModePreference()).toBe(true);
    setDarkModePreference(false);
    expect(getDarkModePreference()).toBe(false);
    window.localStorage.setItem(StorageKey.darkMode, 'garbage');
    expect(getDarkModePreference()).toBeNull();
  });

  it('stores the language and the notice day', () => {
    setLanguagePreference('vi');
    setNoticeShownDay('2025-03-01');
    expect(getLanguagePreference()).toBe('vi');
    expect(getNoticeShownDay()).toBe('2025-03-01');
  });

  it('tells subscribers which key changed, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToStorage(listener);
    setEarlyFlag(true);
    expect(listener).toHaveBeenCalledWith(StorageKey.isEarly);
    unsubscribe();
    setToken('x');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('relays changes made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToStorage(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.darkMode }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-elses-key' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(StorageKey.darkMode);
    unsubscribe();
  });

  it('keeps working in memory when localStorage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    setToken('in-memory');
    expect(getToken()).toBe('in-memory');
  });
});
