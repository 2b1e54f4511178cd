import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256 takes a key of exactly this many bytes. */
export const SECRET_KEY_BYTES = 32;
/** GCM's recommended nonce length; a fresh random one per sealed value. */
const NONCE_BYTES = 12;
/** GCM's full authentication tag. */
const TAG_BYTES = 16;
/** The prefix of every sealed value: the format's version, so a later format can be told apart. */
const SEALED_PREFIX = 'sb1';
/** The longest plaintext sealed (provider secrets, TOTP secrets and gateway keys are far shorter). */
export const MAX_SEALED_PLAINTEXT_BYTES = 8 * 1024;

/** One AES-256 key and its id: the first 8 hex digits of its SHA-256, written into every value it seals. */
export interface SecretKey {
  readonly id: string;
  readonly key: Buffer;
}

/** Makes a SecretKey from 32 raw bytes (the id is derived, so it never has to be configured). */
export function secretKeyFromBytes(bytes: Buffer): SecretKey {
  if (bytes.length !== SECRET_KEY_BYTES) {
    throw new Error(`a secrets key must be ${SECRET_KEY_BYTES} bytes, got ${bytes.length}`);
  }
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), key: Buffer.from(bytes) };
}

/** Thrown when a sealed value cannot be opened: a wrong or missing key, or a value changed at rest. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/**
 * Secrets at rest (DESIGN.md "Auth and security"): provider secrets, operator TOTP secrets and gateway keys
 * are stored sealed with AES-256-GCM, as `sb1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url parts). The
 * purpose (the column, e.g. `operators.totp_secret`) is authenticated with the value, so a sealed value
 * copied into another column does not open there. The current key seals; previous keys only open, so keys
 * can be rotated: start with the new key current and the old one previous, re-seal, then drop the old one.
 */
export class SecretBox {
  private readonly keysById: ReadonlyMap<string, SecretKey>;

  constructor(
    private readonly current: SecretKey,
    previous: readonly SecretKey[] = [],
  ) {
    const keys = new Map<string, SecretKey>();
    for (const key of [current, ...previous]) {
      if (key.key.length !== SECRET_KEY_BYTES) throw new Error(`secrets key ${key.id} is not 32 bytes`);
      if (!keys.has(key.id)) keys.set(key.id, key);
    }
    this.keysById = keys;
  }

  /** The id of the key new values are sealed with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  /** Seals a plaintext for one purpose. */
  seal(plaintext: string, purpose: string): string {
    const bytes = Buffer.from(plaintext, 'utf8');
    if (bytes.length > MAX_SEALED_PLAINTEXT_BYTES) {
      throw new Error(`a secret of ${bytes.length} bytes is over ${MAX_SEALED_PLAINTEXT_BYTES}`);
    }
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return [
      SEALED_PREFIX,
      this.current.id,
      nonce.toString('base64url'),
      ciphertext.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  /** Opens a value sealed for the same purpose; throws SecretBoxError for anything else. */
  open(sealed: string, purpose: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== SEALED_PREFIX) {
      throw new SecretBoxError(`${purpose}: the stored value is not sealed`);
    }
    const [, keyId = '', nonceText = '', ciphertextText = '', tagText = ''] = parts;
    const key = this.keysById.get(keyId);
    if (!key) {
      throw new SecretBoxError(
        `${purpose}: sealed with key ${keyId}, which is not configured (SECRETS_KEY or SECRETS_PREVIOUS_KEYS)`,
      );
    }
    const nonce = Buffer.from(nonceText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretBoxError(`${purpose}: the sealed value is malformed`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertextText, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError(`${purpose}: the sealed value does not open (changed, or sealed elsewhere)`);
    }
  }

  /** Whether a stored value is in the sealed format (whatever key sealed it). */
  static isSealed(value: string): boolean {
    return value.startsWith(`${SEALED_PREFIX}.`) && value.split('.').length === 5;
  }

  /** Whether a stored value should be sealed again: plaintext, or sealed with a key that is not current. */
  needsReseal(value: string): boolean {
    return !SecretBox.isSealed(value) || value.split('.')[1] !== this.current.id;
  }

  /**
   * A stored value sealed under the current key: plaintext (from before secrets were sealed) is sealed, a
   * previous key's value is opened and sealed again. Only for values that needsReseal; the re-seal routine's.
   */
  reseal(value: string, purpose: string): string {
    return this.seal(SecretBox.isSealed(value) ? this.open(value, purpose) : value, purpose);
  }
}
