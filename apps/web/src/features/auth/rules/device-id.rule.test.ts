import { describe, expect, it } from 'vitest';
import { getDeviceId, setDeviceId } from '../../../shared/storage/storage.ts';
import { DEVICE_ID_LENGTH, ensureDeviceId, generateDeviceId, toBase64Url } from './device-id.rule.ts';

describe('toBase64Url', () => {
  it('matches the standard encoding with the URL alphabet and no padding', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x00, 0x10, 0x83, 0x7e]);
    const standard = btoa(String.fromCharCode(...bytes));
    expect(toBase64Url(bytes)).toBe(standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
    expect(toBase64Url(new Uint8Array([0xff, 0xff, 0xff]))).toBe('____');
    expect(toBase64Url(new Uint8Array([0xfb]))).toBe('-w');
  });
});

describe('generateDeviceId', () => {
  it('makes 22 base64url characters from 16 random bytes', () => {
    const id = generateDeviceId();
    expect(id).toHaveLength(DEVICE_ID_LENGTH);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('uses the random bytes it is given', () => {
    const zeros = generateDeviceId((bytes) => bytes.fill(0));
    expect(zeros).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    const ones = generateDeviceId((bytes) => bytes.fill(0xff));
    expect(ones).toBe('_____________________w');
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateDeviceId()));
    expect(ids.size).toBe(200);
  });
});

describe('ensureDeviceId', () => {
  it('creates and stores an id once, then keeps it', () => {
    expect(getDeviceId()).toBeNull();
    const first = ensureDeviceId();
    expect(getDeviceId()).toBe(first);
    expect(ensureDeviceId()).toBe(first);
  });

  it('keeps the id the server issued', () => {
    setDeviceId('issued-by-the-server-0001');
    expect(ensureDeviceId()).toBe('issued-by-the-server-0001');
  });
});
