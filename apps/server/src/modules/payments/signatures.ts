import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the data under the secret, in hex or base64. */
export function hmacSha256(secret: string, data: string | Buffer, encoding: 'hex' | 'base64'): string {
  return createHmac('sha256', secret).update(data).digest(encoding);
}

/** SHA-256 of the data in hex (an event id for gateways that send none). */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Compares a received signature with the expected one in constant time. Both are hashed first, so the
 * comparison takes the same time whatever the lengths and the position of the first difference.
 */
export function signaturesMatch(expected: string, received: string | undefined): boolean {
  if (received === undefined || received.length === 0) return false;
  const left = createHash('sha256').update(expected, 'utf8').digest();
  const right = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(left, right);
}

/** The one value of a header, or undefined when it is absent or sent more than once. */
export function singleHeader(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : undefined;
}
