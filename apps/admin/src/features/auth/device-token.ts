/**
 * The browser's known-device tokens, one per operator username: a login answers one, and later logins of that
 * operator send it, so other people's wrong passwords never slow this operator down on this browser. Kept in
 * localStorage (it outlives the tab and the session, unlike the session token); the server forgets it when
 * the operator's password or TOTP is reset or the operator is disabled.
 */
const DEVICE_TOKENS_KEY = 'operator-console-devices';
/** Usernames remembered on one browser; a shared desk's oldest entries make room for new ones. */
const MAX_REMEMBERED_OPERATORS = 10;

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The usernames the console sends are trimmed and lower-case, as the server reads them. */
function normalise(username: string): string {
  return username.trim().toLowerCase();
}

/** This browser's device token for the operator, if a login here answered one. */
export function deviceTokenFor(username: string): string | undefined {
  return readAll()[normalise(username)];
}

/** Keeps the device token a login answered for the operator (the newest last, the oldest dropped first). */
export function rememberDeviceToken(username: string, token: string): void {
  const key = normalise(username);
  const { [key]: _previous, ...others } = readAll();
  const kept = Object.entries(others).slice(-(MAX_REMEMBERED_OPERATORS - 1));
  localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify(Object.fromEntries([...kept, [key, token]])));
}
