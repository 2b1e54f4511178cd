import { z } from 'zod';
import { getMarket, type MarketCode } from '../markets.ts';
import { MAX_MOBILE_INPUT_LENGTH, normalizeMobile } from '../mobile.ts';
import COMMON_PASSWORD_LIST from './common-passwords.json';
import { optionalText, requiredText } from './text-field.ts';

/** Password length bounds of register and reset (issue 3; at least 8 since issue 13). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Nicknames are 1 to 20 characters after trimming. */
export const NICK_NAME_MAX_LENGTH = 20;
/** One-time codes are this many decimal digits. */
export const OTP_LENGTH = 6;
/** Referral codes are short letters and digits; this bound only stops abuse. */
export const R_CODE_MAX_LENGTH = 20;
/** Device ids are random base64url text; the server issues 22 characters, clients may keep longer ones. */
export const DEVICE_ID_MIN_LENGTH = 16;
export const DEVICE_ID_MAX_LENGTH = 64;
/** The `host` the login form reports (the page's host name) is informational and bounded. */
export const HOST_MAX_LENGTH = 255;

/** Why a one-time code is requested (spec 01 §7). */
export const VERIFY_TYPES = ['register', 'reset_password', 'edit_bankcard'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

/** The contact kinds of the profile's support group (spec 01 §3). */
export const SUPPORT_TYPES = ['email', 'mobile', 'whatsapp', 'telegram'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

/** Server messages of the account calls; the app may translate them by their text. */
export const AccountMessage = {
  otpSent: 'Verification code sent',
  otpResendTooSoon: 'Please wait before requesting another verification code',
  otpHourlyLimit: 'Too many verification codes requested, please try again later',
  smsFailed: 'The verification code could not be sent, please try again',
  otpIncorrect: 'Verification code is incorrect',
  otpInvalid: 'Verification code is invalid or has expired, please request a new one',
  mobileRegistered: 'The mobile number is already registered',
  mobileNotRegistered: 'The mobile number is not registered',
  referralInvalid: 'The referral code does not exist',
  loginFailed: 'Incorrect mobile number or password',
  accountSuspended: 'This account is suspended. Please contact support.',
  loginRateLimited: 'Too many login attempts, please try again later',
  verificationRequired: 'Verification code required',
  loginSucceeded: 'Login successful',
  registerSucceeded: 'Registration successful',
  resetSucceeded: 'Your password is successful reset.',
  loggedOut: 'Logged out',
  nickNameChanged: 'Nickname changed',
  noLandingPage: 'No landing page is configured',
  passwordTooCommon: 'password is too common, please choose one that is harder to guess',
  passwordIsMobile: 'password must not be your mobile number',
} as const;

/**
 * The most common passwords of at least PASSWORD_MIN_LENGTH characters (a few thousand, lower-case, in
 * `common-passwords.json` beside this file: common words and names of the four markets with the usual
 * suffixes, digit runs and keyboard walks): the first guesses of anyone trying passwords, so never a new one.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST);

/** Whether a password is one of the common ones, whatever its letter case ("Password123" is "password123"). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Whether a password is the account's own mobile number (E.164, as the schemas normalise it) in any common
 * spelling: "+919876543210", "919876543210", "9876543210", "09876543210", "0091 98765-43210" … The number is
 * the first thing a guesser who knows the account tries.
 */
export function isPasswordTheMobile(password: string, mobile: string, market: MarketCode): boolean {
  const asMobile = normalizeMobile(password, market);
  return asMobile.ok && asMobile.mobile === mobile;
}

/** Refuses (on `password`) a new password that is the body's own mobile number; see isPasswordTheMobile. */
function refusePasswordEqualToMobile(market: MarketCode) {
  return (body: { mobile_number: string; password: string }, ctx: z.RefinementCtx) => {
    if (isPasswordTheMobile(body.password, body.mobile_number, market)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AccountMessage.passwordIsMobile });
    }
  };
}

const VERIFY_CODE_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
const R_CODE_PATTERN = /^[A-Za-z0-9]+$/;
const DEVICE_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${DEVICE_ID_MIN_LENGTH},${DEVICE_ID_MAX_LENGTH}}$`);

/** A mobile number field, normalised to E.164 with the market's prefix ("+919876543210"). */
export function mobileNumberField(field: string, market: MarketCode) {
  const prefix = getMarket(market).mobilePrefix;
  return requiredText(field, { max: MAX_MOBILE_INPUT_LENGTH }).transform((value, ctx) => {
    const result = normalizeMobile(value, market);
    if (result.ok) return result.mobile;
    ctx.addIssue({
      code: 'custom',
      message:
        result.reason === 'wrong_country'
          ? `${field} must be a ${prefix} mobile number`
          : `${field} must be a valid mobile number`,
    });
    return z.NEVER;
  });
}

const verifyTypeField = z.enum(VERIFY_TYPES, {
  error: (issue) =>
    issue.input === undefined
      ? 'verify_type is required'
      : `verify_type must be one of ${VERIFY_TYPES.join(', ')}`,
});

const verifyCodeField = requiredText('verify_code', {
  max: OTP_LENGTH,
  pattern: { regex: VERIFY_CODE_PATTERN, message: `verify_code must be ${OTP_LENGTH} digits` },
});

/** A new password: kept exactly as typed (no trimming), 8 to 64 characters, and not a common one. */
const newPasswordField = requiredText('password', {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  trim: false,
}).refine((password) => !isCommonPassword(password), AccountMessage.passwordTooCommon);

/** The app's device id (issued at register or login), optional wherever it is sent. */
const deviceIdField = optionalText('device_id', {
  max: DEVICE_ID_MAX_LENGTH,
  pattern: {
    regex: DEVICE_ID_PATTERN,
    message: `device_id must be ${DEVICE_ID_MIN_LENGTH} to ${DEVICE_ID_MAX_LENGTH} letters, digits, - or _`,
  },
});

/** Referral codes are compared without regard to case; they are stored upper-case. */
const referralCodeField = requiredText('r_code', {
  max: R_CODE_MAX_LENGTH,
  pattern: { regex: R_CODE_PATTERN, message: 'r_code must contain only letters and digits' },
}).transform((value) => value.toUpperCase());

/** The zod schemas of the account calls for one market (the mobile prefix depends on it). */
export function createAccountSchemas(market: MarketCode) {
  const mobileNumber = mobileNumberField('mobile_number', market);
  return {
    /**
     * POST /user/send_verify_code. device_id is optional (an addition to the spec): an app that knows its
     * device sends it, and the codes are then also capped per device.
     */
    sendVerifyCode: z.object({
      mobile_number: mobileNumber,
      verify_type: verifyTypeField,
      device_id: deviceIdField,
    }),
    /** POST /user/register: the new password may not be the number itself. */
    register: z
      .object({
        mobile_number: mobileNumber,
        verify_code: verifyCodeField,
        password: newPasswordField,
        r_code: referralCodeField,
      })
      .superRefine(refusePasswordEqualToMobile(market)),
    /**
     * POST /user/login. verify_code and device_id are empty on a first attempt; the password is only
     * bounded (not held to the length minimum or the common-password list) so a login never reveals the password rules.
     */
    login: z.object({
      mobile_number: mobileNumber,
      password: requiredText('password', { max: PASSWORD_MAX_LENGTH, trim: false }),
      host: optionalText('host', { max: HOST_MAX_LENGTH }),
      verify_code: optionalText('verify_code', {
        max: OTP_LENGTH,
        pattern: { regex: VERIFY_CODE_PATTERN, message: `verify_code must be ${OTP_LENGTH} digits` },
      }),
      device_id: deviceIdField,
    }),
    /** PUT /user/reset_password (the app's password change too): the new password may not be the number. */
    resetPassword: z
      .object({
        mobile_number: mobileNumber,
        verify_code: verifyCodeField,
        password: newPasswordField,
      })
      .superRefine(refusePasswordEqualToMobile(market)),
    /** GET /dev/sms/last?mobile= (development only) */
    devSmsLastQuery: z.object({ mobile: mobileNumberField('mobile', market) }),
  };
}

export type AccountSchemas = ReturnType<typeof createAccountSchemas>;
export type SendVerifyCodeBody = z.output<AccountSchemas['sendVerifyCode']>;
export type RegisterBody = z.output<AccountSchemas['register']>;
export type LoginBody = z.output<AccountSchemas['login']>;
export type ResetPasswordBody = z.output<AccountSchemas['resetPassword']>;

/**
 * POST /user/change_nick_name: 1 to 20 characters after trimming and NFKC normalisation, nothing invisible and
 * nothing that lets one nickname pass for another (tag characters, noncharacters, no-break spaces: see
 * text-field.ts LOOKALIKE_CHARACTER); hasLookalikeCharacters gives the web app the same test.
 */
export const changeNickNameBody = z.object({
  nick_name: requiredText('nick_name', { max: NICK_NAME_MAX_LENGTH, displayText: true, distinctName: true }),
});
export type ChangeNickNameBody = z.output<typeof changeNickNameBody>;

/** A success that only carries a message. */
export interface MessageResponse {
  code: 200;
  msg: string;
}

/** POST /user/login on a trusted device, or after the device's verification code. */
export interface LoginResponse {
  code: 200;
  token: string;
  device_id: string;
  msg: string;
}

/** POST /user/login from an unknown device: a code was sent to the account's number; keep device_id. */
export interface VerificationRequiredResponse {
  code: 403;
  msg: string;
  device_id: string;
}

/**
 * POST /user/register. device_id is an addition to the spec: registering proved the number, so the
 * registering device is trusted and the app can store the id to log in later without a code.
 */
export interface RegisterResponse {
  code: 200;
  token: string;
  device_id: string;
  msg: string;
}

export interface SupportContactDto {
  type: SupportType;
  value: string;
}

/** The `entry` of GET /user/profile; balance is a decimal string with two decimals. */
export interface ProfileEntryDto {
  r_code: string;
  nick_name: string;
  mobile: string;
  user_id: number;
  balance: string;
}

/**
 * GET /user/profile. is_transfer_enable is 1 or 0 ("1 means enabled", spec 01 §3); is_early and
 * event_gift_enable are booleans. android_app_prefix is an addition: the download bar of /mine needs it.
 */
export interface ProfileResponse {
  code: 200;
  entry: ProfileEntryDto;
  event_gift_enable: boolean;
  promotion_url: string;
  is_early: boolean;
  is_transfer_enable: 0 | 1;
  supports: SupportContactDto[];
  android_app_prefix: string;
}

/** GET /user/get_app_version(_auth): code 200 means "go to landing_page" (spec 01 §4). */
export interface AppVersionResponse {
  code: 200;
  landing_page: string;
}

/** A credited recharge reported once (filled by the wallet). */
export interface NotificationDto {
  type: 'first_recharge' | 'recharge';
  price: string;
}

/** GET /user/notification: notify is absent when there is nothing to report. */
export interface NotificationResponse {
  code: 200;
  notify?: NotificationDto;
}

/** GET /dev/sms/last (development only): the console SMS sink's last message to a number. */
export interface DevSmsLastResponse {
  code: 200;
  text: string;
  otp: string;
}
