import { describe, expect, it } from 'vitest';
import {
  AccountMessage,
  changeNickNameBody,
  createAccountSchemas,
  isCommonPassword,
  isPasswordTheMobile,
  PASSWORD_MIN_LENGTH,
} from './accounts.ts';
import COMMON_PASSWORD_LIST from './common-passwords.json';
import { characterCount } from './text-field.ts';

const schemas = createAccountSchemas('in');

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message ?? '';
}

describe('account schemas', () => {
  it('normalises the mobile number and upper-cases the referral code', () => {
    const parsed = schemas.register.parse({
      mobile_number: ' 98765 43210 ',
      verify_code: ' 123456 ',
      password: ' tamarind-kite ',
      r_code: 'demo2026',
      unknown_field: 'ignored',
    });
    expect(parsed).toEqual({
      mobile_number: '+919876543210',
      verify_code: '123456',
      password: ' tamarind-kite ',
      r_code: 'DEMO2026',
    });
  });

  it('treats empty optional login fields as absent', () => {
    const parsed = schemas.login.parse({
      mobile_number: '+919876543210',
      password: 'x',
      host: '',
      verify_code: null,
      device_id: '',
    });
    expect(parsed).toEqual({ mobile_number: '+919876543210', password: 'x' });
  });

  it.each([
    [{}, 'mobile_number is required'],
    [{ mobile_number: 9876543210 }, 'mobile_number must be text'],
    [{ mobile_number: '' }, 'mobile_number is required'],
    [{ mobile_number: '   ' }, 'mobile_number is required'],
    [{ mobile_number: 'x'.repeat(10_000) }, 'mobile_number must be at most 32 characters'],
    [{ mobile_number: '98765\u000043210' }, 'mobile_number must not contain control characters'],
    [{ mobile_number: '12345' }, 'mobile_number must be a valid mobile number'],
    [{ mobile_number: '+5511912345678' }, 'mobile_number must be a +91 mobile number'],
  ])('refuses a bad mobile %j', (body, message) => {
    const result = schemas.sendVerifyCode.safeParse({ verify_type: 'register', ...body });
    expect(firstMessage(result)).toBe(message);
  });

  it.each([
    [undefined, 'verify_type is required'],
    ['', 'verify_type must be one of register, reset_password, edit_bankcard'],
    ['login', 'verify_type must be one of register, reset_password, edit_bankcard'],
    [1, 'verify_type must be one of register, reset_password, edit_bankcard'],
  ])('refuses verify_type %j', (verifyType, message) => {
    const result = schemas.sendVerifyCode.safeParse({ mobile_number: '9876543210', verify_type: verifyType });
    expect(firstMessage(result)).toBe(message);
  });

  it.each([
    [{ password: '12345' }, 'password must be at least 8 characters'],
    [{ password: 'seven77' }, 'password must be at least 8 characters'],
    [{ password: '12345678' }, AccountMessage.passwordTooCommon],
    [{ password: 'Password123' }, AccountMessage.passwordTooCommon],
    [{ password: 'qwerty@123' }, AccountMessage.passwordTooCommon],
    [{ password: 'x'.repeat(65) }, 'password must be at most 64 characters'],
    [{ password: 'abc\ndef' }, 'password must not contain control characters'],
    [{ verify_code: '12345' }, 'verify_code must be 6 digits'],
    [{ verify_code: '12345a' }, 'verify_code must be 6 digits'],
    [{ verify_code: 123456 }, 'verify_code must be text'],
    [{ r_code: 'DEMO-2026' }, 'r_code must contain only letters and digits'],
    [{ r_code: '' }, 'r_code is required'],
  ])('refuses a bad register field %j', (override, message) => {
    const body = {
      mobile_number: '9876543210',
      verify_code: '123456',
      password: 'tamarind-kite',
      r_code: 'DEMO2026',
      ...override,
    };
    expect(firstMessage(schemas.register.safeParse(body))).toBe(message);
  });

  it('refuses a device id that is not random-looking text', () => {
    const body = { mobile_number: '9876543210', password: 'secret1', device_id: 'short' };
    expect(firstMessage(schemas.login.safeParse(body))).toMatch(/^device_id must be 16 to 64/);
  });

  it('trims nicknames, counts emoji as one character and refuses invisible formatting', () => {
    expect(changeNickNameBody.parse({ nick_name: '  Gold fan  ' })).toEqual({ nick_name: 'Gold fan' });
    expect(changeNickNameBody.parse({ nick_name: '🥇'.repeat(20) }).nick_name).toHaveLength(40);
    expect(firstMessage(changeNickNameBody.safeParse({ nick_name: 'x'.repeat(21) }))).toBe(
      'nick_name must be at most 20 characters',
    );
    expect(firstMessage(changeNickNameBody.safeParse({ nick_name: 'evil\u202Etxt' }))).toBe(
      'nick_name must not contain invisible formatting characters',
    );
    expect(firstMessage(changeNickNameBody.safeParse({ nick_name: ' ' }))).toBe('nick_name is required');
  });

  it('counts characters by code point', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('🥇x')).toBe(2);
    expect(characterCount('')).toBe(0);
  });
});

describe('new passwords (issue 13)', () => {
  const reset = (password: string) =>
    schemas.resetPassword.safeParse({ mobile_number: '9876543210', verify_code: '123456', password });

  it('refuses 123456 and other short passwords with the minimum in the message', () => {
    expect(firstMessage(reset('123456'))).toBe(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it.each(['password', 'iloveyou', '123456789', '1q2w3e4r', 'Qwertyuiop', 'sunshine1'])(
    'refuses the common password %s on register and reset with a clear message',
    (password) => {
      expect(firstMessage(reset(password))).toBe(AccountMessage.passwordTooCommon);
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('accepts a password of 8 or more characters that is not a common one', () => {
    expect(reset('tamarind-kite').success).toBe(true);
    expect(reset('Gx7!pq2m').success).toBe(true);
  });

  it('ships a small list: a few thousand entries, each long enough to pass the length rule', () => {
    expect(COMMON_PASSWORD_LIST.length).toBeGreaterThan(1000);
    expect(COMMON_PASSWORD_LIST.length).toBeLessThan(5000);
    for (const entry of COMMON_PASSWORD_LIST) {
      expect(entry.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(entry).toBe(entry.toLowerCase());
    }
  });

  it.each([
    '+919812345670',
    '919812345670',
    '9812345670',
    '09812345670',
    '00919812345670',
    '+91 98123 45670',
    '98123-45670',
    ' 9812345670 ',
  ])('refuses the account’s own mobile number %j as the new password on register and reset', (password) => {
    const resetTo = schemas.resetPassword.safeParse({
      mobile_number: '9812345670',
      verify_code: '123456',
      password,
    });
    expect(firstMessage(resetTo)).toBe(AccountMessage.passwordIsMobile);
    const registration = schemas.register.safeParse({
      mobile_number: '+91 98123 45670',
      verify_code: '123456',
      password,
      r_code: 'DEMO2026',
    });
    expect(registration.error?.issues[0]?.path).toEqual(['password']);
    expect(firstMessage(registration)).toBe(AccountMessage.passwordIsMobile);
    expect(isPasswordTheMobile(password, '+919812345670', 'in')).toBe(true);
  });

  it('accepts another number, or the number with more around it, as a password', () => {
    const resetTo = (password: string) =>
      schemas.resetPassword.safeParse({ mobile_number: '9812345670', verify_code: '123456', password });
    expect(resetTo('9812345671').success).toBe(true);
    expect(resetTo('9812345670-kite').success).toBe(true);
    expect(isPasswordTheMobile('9812345670', '+919812345671', 'in')).toBe(false);
    // Another market's spelling of the same digits is that market's number.
    expect(isPasswordTheMobile('11987654321', '+5511987654321', 'pt')).toBe(true);
  });

  it('does not hold the login to the new rules: old short passwords still log in', () => {
    expect(schemas.login.safeParse({ mobile_number: '9876543210', password: '123456' }).success).toBe(true);
  });
});
