import { describe, expect, it } from 'vitest';
import {
  isBlankMobile,
  isValid,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateSendCode,
  withoutDoubledPrefix,
} from './auth-validation.rule.ts';

describe('auth validation', () => {
  it('counts a mobile field holding only the market prefix as empty', () => {
    expect(isBlankMobile('', '+91')).toBe(true);
    expect(isBlankMobile(' +91 ', '+91')).toBe(true);
    expect(isBlankMobile('+919876543210', '+91')).toBe(false);
  });

  it('drops the filled-in prefix when a full number is pasted after it', () => {
    expect(withoutDoubledPrefix('+91+919876543210', '+91')).toBe('+919876543210');
    expect(withoutDoubledPrefix('+91 +91 98765 43210', '+91')).toBe('+91 98765 43210');
    expect(withoutDoubledPrefix('+919876543210', '+91')).toBe('+919876543210');
    expect(withoutDoubledPrefix('+91', '+91')).toBe('+91');
  });

  it('words the send-code message per screen', () => {
    expect(validateSendCode('+91', '+91', 'register')).toBe('auth.validation.mobileRequired');
    expect(validateSendCode('', '+91', 'reset_password')).toBe('auth.validation.mobileRequiredReset');
    expect(validateSendCode('9876543210', '+91', 'register')).toBeNull();
  });

  it('requires the login code only once it is shown', () => {
    const values = { mobile: '+919876543210', password: 'x', verifyCode: ' ' };
    expect(isValid(validateLogin({ ...values, verifyCodeShown: false }, '+91'))).toBe(true);
    expect(validateLogin({ ...values, verifyCodeShown: true }, '+91')).toEqual({
      verifyCode: 'auth.validation.verifyCodeRequired',
    });
  });

  it('refuses a common password, whatever its letter case, as the server does', () => {
    expect(validateNewPassword('Password123')).toBe('auth.validation.passwordTooCommon');
    expect(validateNewPassword('12345678')).toBe('auth.validation.passwordTooCommon');
    expect(validateNewPassword('tamarind-kite')).toBeNull();
  });

  it('keeps the password as typed but refuses one of spaces only', () => {
    expect(validateNewPassword('      ')).toBe('auth.validation.passwordRequired');
    expect(validateNewPassword(' abcdefg')).toBeNull();
    expect(validateNewPassword(' abcdef')).toBe('auth.validation.passwordTooShort');
    expect(validateNewPassword('x'.repeat(65))).toBe('auth.validation.passwordTooLong');
  });

  it('reports every missing register field at once', () => {
    expect(
      validateRegister({ mobile: '', verifyCode: '', password: '', referralCode: ' ', agreed: false }, '+91'),
    ).toEqual({
      agreement: 'auth.validation.agreementRequired',
      mobile: 'auth.validation.mobileRequired',
      verifyCode: 'auth.validation.verifyCodeRequired',
      password: 'auth.validation.passwordRequired',
      referralCode: 'auth.validation.referralCodeRequired',
    });
  });
});
