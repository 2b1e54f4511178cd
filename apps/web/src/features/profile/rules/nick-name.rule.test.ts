import { NICK_NAME_MAX_LENGTH } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { validateNickName } from './nick-name.rule.ts';

describe('validateNickName', () => {
  it('needs at least one character after trimming', () => {
    expect(validateNickName('')).toBe('required');
    expect(validateNickName('   ')).toBe('required');
    expect(validateNickName(' A ')).toBeNull();
  });

  it('allows 20 characters, counting an emoji as one', () => {
    expect(NICK_NAME_MAX_LENGTH).toBe(20);
    expect(validateNickName('x'.repeat(20))).toBeNull();
    expect(validateNickName('x'.repeat(21))).toBe('tooLong');
    expect(validateNickName('😀'.repeat(20))).toBeNull();
  });
});
