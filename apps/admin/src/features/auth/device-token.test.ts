import { beforeEach, describe, expect, it } from 'vitest';
import { deviceTokenFor, rememberDeviceToken } from './device-token.ts';

const token = (index: number) => `${String(index).padStart(3, '0')}${'a'.repeat(40)}`;

describe('known-device tokens of the console', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one token per username, read back whatever the case and spaces typed', () => {
    rememberDeviceToken('alice', token(1));
    rememberDeviceToken('bob', token(2));
    expect(deviceTokenFor(' Alice ')).toBe(token(1));
    expect(deviceTokenFor('bob')).toBe(token(2));
    expect(deviceTokenFor('carol')).toBeUndefined();
    rememberDeviceToken('alice', token(3));
    expect(deviceTokenFor('alice')).toBe(token(3));
  });

  it('survives a corrupted store and forgets the oldest of more than ten operators', () => {
    localStorage.setItem('operator-console-devices', 'not json');
    expect(deviceTokenFor('alice')).toBeUndefined();
    for (let index = 0; index < 11; index += 1) rememberDeviceToken(`op${index}`, token(index));
    expect(deviceTokenFor('op0')).toBeUndefined();
    expect(deviceTokenFor('op1')).toBe(token(1));
    expect(deviceTokenFor('op10')).toBe(token(10));
  });
});
