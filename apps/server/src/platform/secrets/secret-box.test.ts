import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError, secretKeyFromBytes } from './secret-box.ts';

const keyA = secretKeyFromBytes(randomBytes(32));
const keyB = secretKeyFromBytes(randomBytes(32));

describe('SecretBox', () => {
  it('seals a value that opens with the same key and purpose, and never shows the plaintext', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('provider-secret-0123456789', 'game_providers.secret');
    expect(sealed).not.toContain('provider-secret');
    expect(sealed.startsWith(`sb1.${keyA.id}.`)).toBe(true);
    expect(box.open(sealed, 'game_providers.secret')).toBe('provider-secret-0123456789');
  });

  it('seals the same plaintext differently every time (a fresh nonce)', () => {
    const box = new SecretBox(keyA);
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
  });

  it('refuses a value sealed for another purpose', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'operators.totp_secret');
    expect(() => box.open(sealed, 'game_providers.secret')).toThrow(SecretBoxError);
  });

  it('refuses a value changed at rest', () => {
    const box = new SecretBox(keyA);
    const parts = box.seal('secret', 'p').split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'), 'p')).toThrow(SecretBoxError);
  });

  it('refuses plaintext and values of an unknown key, naming the purpose', () => {
    const box = new SecretBox(keyA);
    expect(() => box.open('plain-secret', 'p')).toThrow(/p: the stored value is not sealed/);
    const other = new SecretBox(keyB).seal('x', 'p');
    expect(() => box.open(other, 'p')).toThrow(/not configured/);
  });

  it('rotates: a previous key still opens, new values use the current key, and old ones need re-sealing', () => {
    const before = new SecretBox(keyA);
    const old = before.seal('secret', 'p');
    const rotated = new SecretBox(keyB, [keyA]);
    expect(rotated.open(old, 'p')).toBe('secret');
    expect(rotated.needsReseal(old)).toBe(true);
    const fresh = rotated.seal('secret', 'p');
    expect(rotated.needsReseal(fresh)).toBe(false);
    expect(rotated.needsReseal('plain')).toBe(true);
    expect(SecretBox.isSealed(fresh)).toBe(true);
    expect(SecretBox.isSealed('plain')).toBe(false);
  });

  it("re-seals plaintext and a previous key's value under the current key, for the same purpose only", () => {
    const rotated = new SecretBox(keyB, [keyA]);
    const fromPlain = rotated.reseal('plain-secret', 'p');
    expect(fromPlain.startsWith(`sb1.${keyB.id}.`)).toBe(true);
    expect(rotated.open(fromPlain, 'p')).toBe('plain-secret');
    const fromOld = rotated.reseal(new SecretBox(keyA).seal('old-secret', 'p'), 'p');
    expect(rotated.needsReseal(fromOld)).toBe(false);
    expect(new SecretBox(keyB).open(fromOld, 'p')).toBe('old-secret');
    expect(() => rotated.reseal(new SecretBox(keyA).seal('x', 'p'), 'q')).toThrow(SecretBoxError);
  });

  it('refuses keys of the wrong length', () => {
    expect(() => secretKeyFromBytes(randomBytes(16))).toThrow(/32 bytes/);
  });
});
