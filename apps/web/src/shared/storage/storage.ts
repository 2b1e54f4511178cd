/**
 * The app's browser storage (spec 01 §3 "Browser storage", spec 02 §3 "Local storage"): every key the app
 * keeps lives here, so no other module spells a storage key. Values are strings in localStorage.
 */
export const StorageKey = {
  token: 'token',
  deviceId: 'device_id',
  /** The early-access flag; until the profile arrives it is the last value the profile reported. */
  isEarly: 'is_early',
  darkMode: 'dark_mode',
  inApp: 'in_app',
  /** The last home notice text, so the profile menu can show it again. */
  notice: 'notice',
  /** The local calendar day (YYYY-MM-DD) the home notice was last shown; it shows once a day. */
  noticeShownDay: 'notice_shown_day',
  nickName: 'nick_name',
  bankCardOtpRequired: 'bank_card_otp_required',
  /** The language the player chose in the menu; absent means "the market's default". */
  language: 'language',
  /** The payer details last sent from the recharge's UPI dialog (JSON), for its auto-fill button. */
  rechargeUpiDetails: 'recharge_upi_details',
  /** The payer details last sent from the recharge's other details dialog (JSON), for its auto-fill. */
  rechargeDetails: 'recharge_details',
  /** The colour game category (P, S, B or E) last chosen on /win (spec 02 §3 "Local storage"). */
  colourCategory: 'colour_category',
  /** Aviator (spec 02 §3 "Local storage"): the round last bet in and cashed out of, the last amount, the seed. */
  aviatorBetPeriod: 'aviator_bet_period',
  aviatorCashPeriod: 'aviator_cash_period',
  aviatorBetAmount: 'aviator_bet_amount',
  /** 0 random per bet, 1 fixed (spec 02 §4). */
  aviatorSeedType: 'aviator_seed_type',
  aviatorFixedSeed: 'aviator_fixed_seed',
  /** The amount last bet on Lucky Hit (spec 02 §3 "Local storage"). */
  luckyHitAmount: 'luckyhit_amount',
} as const;
export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/**
 * Whom a stored value belongs to: the signed-in player's session, or the device whoever uses it. Every key
 * must be classified (the record's type demands it), so a new per-player value cannot be forgotten when a
 * session ends and leak to a visitor or to the next player on a shared phone.
 */
type StorageScope = 'session' | 'device';

const STORAGE_SCOPES: Readonly<Record<StorageKeyName, StorageScope>> = {
  token: 'session',
  // The server trusts a device per account; keeping the id spares a returning player another code.
  device_id: 'device',
  // The early flag shows the game tabs; a visitor or the next player must not inherit it.
  is_early: 'session',
  dark_mode: 'device',
  in_app: 'device',
  // The home notice is the same for everybody, and it shows once a day per device.
  notice: 'device',
  notice_shown_day: 'device',
  nick_name: 'session',
  bank_card_otp_required: 'session',
  language: 'device',
  // The payer's name, phone, e-mail and UPI id are personal details of the player who typed them.
  recharge_upi_details: 'session',
  recharge_details: 'session',
  // A view choice like the theme: it says nothing about the player and is harmless to keep.
  colour_category: 'device',
  // The player's own rounds, amount and seed: they end with the session.
  aviator_bet_period: 'session',
  aviator_cash_period: 'session',
  aviator_bet_amount: 'session',
  aviator_seed_type: 'session',
  aviator_fixed_seed: 'session',
  // A view preference like the colour category; it says nothing about who played.
  luckyhit_amount: 'device',
};

/** The keys that end with the session (logout, a 401, a password reset), the token last. */
export const SESSION_KEYS: readonly StorageKeyName[] = (Object.keys(STORAGE_SCOPES) as StorageKeyName[])
  .filter((key) => STORAGE_SCOPES[key] === 'session' && key !== StorageKey.token)
  .concat(StorageKey.token);

type StorageListener = (key: StorageKeyName) => void;

const KNOWN_KEYS = new Set<string>(Object.values(StorageKey));
const listeners = new Set<StorageListener>();

/**
 * Storage can be missing or throw (private modes, disabled cookies, quota); the app must still run for the
 * session, so it falls back to memory instead of failing.
 */
const memoryFallback = new Map<string, string>();

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notify(key: StorageKeyName): void {
  for (const listener of listeners) listener(key);
}

/** Reads one value; null when it was never written or storage is unavailable. */
export function readItem(key: StorageKeyName): string | null {
  const storage = browserStorage();
  try {
    if (storage) return storage.getItem(key);
  } catch {
    // Fall through to the memory copy.
  }
  return memoryFallback.get(key) ?? null;
}

/** Writes one value and tells subscribers in this tab. */
export function writeItem(key: StorageKeyName, value: string): void {
  memoryFallback.set(key, value);
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    // The memory copy keeps the value for this session.
  }
  notify(key);
}

/** Removes one value and tells subscribers in this tab. */
export function removeItem(key: StorageKeyName): void {
  memoryFallback.delete(key);
  try {
    browserStorage()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
  notify(key);
}

/** Calls the listener whenever a key changes, in this tab or (through the storage event) in another one. */
export function subscribeToStorage(listener: StorageListener): () => void {
  listeners.add(listener);
  const onStorageEvent = (event: StorageEvent) => {
    if (event.key === null) {
      for (const key of KNOWN_KEYS) listener(key as StorageKeyName);
    } else if (KNOWN_KEYS.has(event.key)) {
      listener(event.key as StorageKeyName);
    }
  };
  window.addEventListener('storage', onStorageEvent);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorageEvent);
  };
}

function readFlag(key: StorageKeyName): boolean {
  return readItem(key) === '1';
}

function writeFlag(key: StorageKeyName, value: boolean): void {
  writeItem(key, value ? '1' : '0');
}

/** The auth token, sent as `Authorization: Token <token>`. */
export function getToken(): string | null {
  const token = readItem(StorageKey.token);
  return token === null || token === '' ? null : token;
}

/** Stores the auth token after login or register. */
export function setToken(token: string): void {
  writeItem(StorageKey.token, token);
}

/** Forgets the auth token only; ending a session uses clearSession, which forgets the player's values too. */
export function clearToken(): void {
  removeItem(StorageKey.token);
}

/**
 * Ends the session on this device (logout, a 401 from any call, a password reset): the token and every value
 * of the player who held it (early flag, nickname, bank-card OTP flag, saved payer details). The device id,
 * theme, language and other device values stay. The token goes last, so screens that react to its removal
 * already read the cleared values.
 */
export function clearSession(): void {
  for (const key of SESSION_KEYS) removeItem(key);
}

/** The device id the server trusts after an OTP (spec 01 §4 "Login"). */
export function getDeviceId(): string | null {
  return readItem(StorageKey.deviceId);
}

/** Stores the device id the login answer carries. */
export function setDeviceId(deviceId: string): void {
  writeItem(StorageKey.deviceId, deviceId);
}

/** Whether the player has early access to the games (Win, Aviator, Lucky Hit). */
export function getEarlyFlag(): boolean {
  return readFlag(StorageKey.isEarly);
}

/** Stores the early-access flag the profile reports. */
export function setEarlyFlag(isEarly: boolean): void {
  writeFlag(StorageKey.isEarly, isEarly);
}

/** The saved theme: true dark, false light, null when the player never chose (follow the system). */
export function getDarkModePreference(): boolean | null {
  const value = readItem(StorageKey.darkMode);
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

/** Saves the theme the player chose. */
export function setDarkModePreference(dark: boolean): void {
  writeFlag(StorageKey.darkMode, dark);
}

/** Whether the page runs inside the native app wrapper. */
export function getInAppFlag(): boolean {
  return readFlag(StorageKey.inApp);
}

/** Records that the page runs inside the native app wrapper. */
export function setInAppFlag(inApp: boolean): void {
  writeFlag(StorageKey.inApp, inApp);
}

/** The last home notice text. */
export function getNotice(): string | null {
  return readItem(StorageKey.notice);
}

/** Keeps the latest home notice text for the profile menu. */
export function setNotice(notice: string): void {
  writeItem(StorageKey.notice, notice);
}

/** The local day (YYYY-MM-DD) the home notice was last shown. */
export function getNoticeShownDay(): string | null {
  return readItem(StorageKey.noticeShownDay);
}

/** Records the local day the home notice was shown. */
export function setNoticeShownDay(day: string): void {
  writeItem(StorageKey.noticeShownDay, day);
}

/** The nickname from the profile, needed by the aviator bet. */
export function getNickName(): string | null {
  return readItem(StorageKey.nickName);
}

/** Stores the nickname from the profile. */
export function setNickName(nickName: string): void {
  writeItem(StorageKey.nickName, nickName);
}

/** Whether the server asked for an OTP before a bank card edit. */
export function getBankCardOtpRequired(): boolean {
  return readFlag(StorageKey.bankCardOtpRequired);
}

/** Stores whether bank card edits need an OTP. */
export function setBankCardOtpRequired(required: boolean): void {
  writeFlag(StorageKey.bankCardOtpRequired, required);
}

/** The language code the player chose, unvalidated (the i18n module checks it). */
export function getLanguagePreference(): string | null {
  return readItem(StorageKey.language);
}

/** Saves the language the player chose. */
export function setLanguagePreference(language: string): void {
  writeItem(StorageKey.language, language);
}

/** Which recharge details dialog saved values belong to: the UPI one or the other one. */
export type RechargeDetailsKind = 'upi' | 'standard';

const RECHARGE_DETAILS_KEYS: Readonly<Record<RechargeDetailsKind, StorageKeyName>> = {
  upi: StorageKey.rechargeUpiDetails,
  standard: StorageKey.rechargeDetails,
};

/** The saved payer details of one recharge dialog as stored text (JSON), or null. */
export function getRechargeDetails(kind: RechargeDetailsKind): string | null {
  return readItem(RECHARGE_DETAILS_KEYS[kind]);
}

/** Saves the payer details of one recharge dialog (JSON text) for its auto-fill button. */
export function setRechargeDetails(kind: RechargeDetailsKind, json: string): void {
  writeItem(RECHARGE_DETAILS_KEYS[kind], json);
}
