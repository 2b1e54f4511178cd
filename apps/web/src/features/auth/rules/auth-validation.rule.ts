import { characterCount, isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/shared';
import type { en } from '../../../i18n/locales/en.ts';

/** A message of the form rules (spec 01 §5), as a translation key under auth.validation. */
export type ValidationKey = `auth.validation.${keyof typeof en.auth.validation}`;

export type AuthField = 'mobile' | 'password' | 'verifyCode' | 'referralCode' | 'agreement';

/** The first failed rule of each field; an empty object means the form may be sent. */
export type FieldErrors = Partial<Record<AuthField, ValidationKey>>;

/** Values to interpolate into every validation message (only the password length ones use them). */
export const VALIDATION_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

/**
 * A mobile field counts as empty when it holds nothing or only the market prefix that focusing it filled
 * in (spec 01 §5): "+91" alone is no number.
 */
export function isBlankMobile(mobile: string, prefix: string): boolean {
  const trimmed = mobile.trim();
  return trimmed === '' || trimmed === prefix;
}

/**
 * Undoes a doubled prefix: focusing the empty field fills in "+91", and a number pasted or autofilled after
 * it ("+91+919876543210") would otherwise carry the prefix twice.
 */
export function withoutDoubledPrefix(mobile: string, prefix: string): string {
  if (!mobile.startsWith(prefix)) return mobile;
  const rest = mobile.slice(prefix.length).trimStart();
  return rest.startsWith('+') ? rest : mobile;
}

/** Which screen asks for a code: the reset screen words its message differently (spec 01 §5). */
export type SendCodeFlow = 'register' | 'reset_password';

/** The rule before sending a code: the mobile number must be filled in. */
export function validateSendCode(mobile: string, prefix: string, flow: SendCodeFlow): ValidationKey | null {
  if (!isBlankMobile(mobile, prefix)) return null;
  return flow === 'reset_password' ? 'auth.validation.mobileRequiredReset' : 'auth.validation.mobileRequired';
}

/** A new password (register, reset): required, within the server's length bounds, and not a common one. */
export function validateNewPassword(password: string): ValidationKey | null {
  if (password.trim() === '') return 'auth.validation.passwordRequired';
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return 'auth.validation.passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'auth.validation.passwordTooLong';
  if (isCommonPassword(password)) return 'auth.validation.passwordTooCommon';
  return null;
}

function withoutEmpty(errors: Record<AuthField, ValidationKey | null>): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, key] of Object.entries(errors) as Array<[AuthField, ValidationKey | null]>) {
    if (key) result[field] = key;
  }
  return result;
}

export interface LoginValues {
  mobile: string;
  password: string;
  verifyCode: string;
  /** Whether the server asked for a code (the field shows only then). */
  verifyCodeShown: boolean;
}

/** Login: mobile and password required; the code too once it is shown (spec 01 §5). */
export function validateLogin(values: LoginValues, prefix: string): FieldErrors {
  return withoutEmpty({
    mobile: isBlankMobile(values.mobile, prefix) ? 'auth.validation.mobileRequired' : null,
    password: values.password.trim() === '' ? 'auth.validation.passwordRequired' : null,
    verifyCode:
      values.verifyCodeShown && values.verifyCode.trim() === '' ? 'auth.validation.verifyCodeRequired' : null,
    referralCode: null,
    agreement: null,
  });
}

export interface RegisterValues {
  mobile: string;
  verifyCode: string;
  password: string;
  referralCode: string;
  agreed: boolean;
}

/** Register: privacy agreement, mobile, code, password and referral code (spec 01 §5). */
export function validateRegister(values: RegisterValues, prefix: string): FieldErrors {
  return withoutEmpty({
    agreement: values.agreed ? null : 'auth.validation.agreementRequired',
    mobile: isBlankMobile(values.mobile, prefix) ? 'auth.validation.mobileRequired' : null,
    verifyCode: values.verifyCode.trim() === '' ? 'auth.validation.verifyCodeRequired' : null,
    password: validateNewPassword(values.password),
    referralCode: values.referralCode.trim() === '' ? 'auth.validation.referralCodeRequired' : null,
  });
}

export interface ResetPasswordValues {
  mobile: string;
  verifyCode: string;
  password: string;
}

/** Reset password: mobile, code and new password (spec 01 §5). */
export function validateResetPassword(values: ResetPasswordValues, prefix: string): FieldErrors {
  return withoutEmpty({
    mobile: isBlankMobile(values.mobile, prefix) ? 'auth.validation.mobileRequiredReset' : null,
    verifyCode: values.verifyCode.trim() === '' ? 'auth.validation.verifyCodeRequired' : null,
    password: validateNewPassword(values.password),
    referralCode: null,
    agreement: null,
  });
}

/** Whether a validation left nothing to fix. */
export function isValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}
