import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hasher.ts';

describe('password hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 and a fresh salt each time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('pässwörd 🔑');
    expect(await verifyPassword(stored, 'pässwörd 🔑')).toBe(true);
    expect(await verifyPassword(stored, 'pässwörd')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('never matches a malformed hash or the dummy hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword(dummy, '')).toBe(false);
  });
});
