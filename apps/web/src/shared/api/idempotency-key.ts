/** Random bytes in a key: 128 bits, as many as a UUID carries. */
const KEY_BYTES = 16;

/**
 * A fresh Idempotency-Key (32 hex digits) from the browser's cryptographic generator, one per submit, so a
 * retried request is not charged twice. getRandomValues rather than randomUUID: randomUUID exists only on
 * secure (HTTPS) pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
