import { describe, expect, it } from 'vitest';
import { readTokenHeader, TOKEN_PATTERN } from '../../http/auth-guard.ts';
import { generateDeviceId, generateSessionToken, hashSessionToken } from './session-token.ts';

describe('session tokens', () => {
  it('are 43 base64url characters that the auth guard accepts, and never repeat', () => {
    const tokens = new Set(Array.from({ length: 1_000 }, generateSessionToken));
    expect(tokens.size).toBe(1_000);
    for (const token of tokens) expect(token).toMatch(TOKEN_PATTERN);
  });

  it('are stored as lower-case SHA-256 hex', () => {
    // SHA-256 of the ASCII text "abc" (FIPS 180-2 test vector).
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = generateSessionToken();
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
  });

  it('give device ids of 22 base64url characters', () => {
    expect(generateDeviceId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(generateDeviceId()).not.toBe(generateDeviceId());
  });
});

describe('readTokenHeader', () => {
  const token = `${'A'.repeat(21)}-_${'z'.repeat(20)}`;

  it.each([
    [`Token ${token}`, token],
    [`Token   ${token}  `, token],
  ])('reads %j', (header, expected) => {
    expect(readTokenHeader(header)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'Token',
    'Token ',
    `Bearer ${token}`,
    `token ${token}`,
    token,
    `Token ${token.slice(1)}`,
    `Token ${token}x`,
    `Token ${token.slice(1)}=`,
    `Token ${token.slice(1)}+`,
    `Token ${token} ${token}`,
  ])('refuses %j', (header) => {
    expect(readTokenHeader(header)).toBeNull();
  });
});
