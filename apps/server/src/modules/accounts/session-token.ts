import { createHash, randomBytes } from 'node:crypto';

/** Tokens carry 256 random bits (the design asks for at least 128). */
export const SESSION_TOKEN_BYTES = 32;
/** Device ids carry 128 random bits; they only need to be unguessable, not secret. */
export const DEVICE_ID_BYTES = 16;

/** A new opaque session token: 32 random bytes in base64url (43 characters, the guard's TOKEN_PATTERN). */
export function generateSessionToken(): string {
  return randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token: SHA-256 in lower-case hex, so a database leak reveals no usable token. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new device id handed to a browser that has none (22 base64url characters). */
export function generateDeviceId(): string {
  return randomBytes(DEVICE_ID_BYTES).toString('base64url');
}
