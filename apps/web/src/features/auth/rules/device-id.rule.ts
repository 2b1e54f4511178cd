import { getDeviceId, setDeviceId } from '../../../shared/storage/storage.ts';

/** Random bytes in a device id: 128 bits, as many as a session token, so ids cannot be guessed. */
export const DEVICE_ID_BYTES = 16;
/** 16 bytes in base64url without padding are 22 characters (the length the server issues). */
export const DEVICE_ID_LENGTH = 22;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Encodes bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  let bits = 0;
  let buffer = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += BASE64URL_ALPHABET[(buffer >> bits) & 0x3f];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) text += BASE64URL_ALPHABET[(buffer << (6 - bits)) & 0x3f];
  return text;
}

/** A new device id: DEVICE_ID_BYTES from the browser's cryptographic generator, as base64url. */
export function generateDeviceId(
  fillRandom: (bytes: Uint8Array) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(DEVICE_ID_BYTES);
  fillRandom(bytes);
  return toBase64Url(bytes);
}

/** The stored device id, created and stored first if this browser has none yet. */
export function ensureDeviceId(): string {
  const stored = getDeviceId();
  if (stored && stored.trim() !== '') return stored;
  const created = generateDeviceId();
  setDeviceId(created);
  return created;
}
