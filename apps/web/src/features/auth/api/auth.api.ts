import type {
  LoginResponse,
  MessageResponse,
  RegisterResponse,
  VerificationRequiredResponse,
  VerifyType,
} from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { ApiFailure } from '../../../shared/api/api-errors.ts';

/** The login answer's code that asks for the device's verification code (spec 01 §4). */
export const CODE_VERIFICATION_REQUIRED = 403;
/** The code of a refused resend or a hit rate limit; its body may say how long to wait. */
export const CODE_TOO_MANY_REQUESTS = 429;

export interface LoginRequest {
  mobileNumber: string;
  password: string;
  /** Empty until the server asked for a code. */
  verifyCode: string;
  deviceId: string;
  host: string;
}

export interface RegisterRequest {
  mobileNumber: string;
  verifyCode: string;
  password: string;
  referralCode: string;
}

export interface ResetPasswordRequest {
  mobileNumber: string;
  verifyCode: string;
  password: string;
}

/** What a login attempt came to: signed in, or a code was sent and must be entered. */
export type LoginOutcome =
  | { kind: 'signed_in'; token: string; deviceId: string }
  | { kind: 'verification_required'; deviceId: string; msg: string };

/**
 * POST /user/send_verify_code: sends a one-time code by SMS; resolves with the server's message. device_id
 * (an addition to the spec the server accepts) is this browser's stored device id, so the server caps the
 * codes per device as well as per number and per address (issue 13 item 9).
 */
export async function sendVerifyCode(
  client: ApiClient,
  mobileNumber: string,
  verifyType: VerifyType,
  deviceId: string,
): Promise<string> {
  const response = await client.post<MessageResponse>('/user/send_verify_code', {
    mobile_number: mobileNumber,
    verify_type: verifyType,
    device_id: deviceId,
  });
  return response.msg;
}

/**
 * POST /user/login. A 403 is not an error here: it means the device is new, the server has sent a code to
 * the account's number, and the answer's device_id must be kept for the next attempt.
 */
export async function login(client: ApiClient, request: LoginRequest): Promise<LoginOutcome> {
  try {
    const response = await client.post<LoginResponse>('/user/login', {
      mobile_number: request.mobileNumber,
      password: request.password,
      host: request.host,
      verify_code: request.verifyCode,
      device_id: request.deviceId,
    });
    return { kind: 'signed_in', token: response.token, deviceId: response.device_id };
  } catch (error) {
    if (error instanceof ApiFailure && error.code === CODE_VERIFICATION_REQUIRED) {
      const body = error.body as Partial<VerificationRequiredResponse>;
      const deviceId = typeof body.device_id === 'string' && body.device_id !== '' ? body.device_id : null;
      return { kind: 'verification_required', deviceId: deviceId ?? request.deviceId, msg: error.msg };
    }
    throw error;
  }
}

/** POST /user/register: creates the account; resolves with its token and trusted device id. */
export async function register(client: ApiClient, request: RegisterRequest): Promise<RegisterResponse> {
  return client.post<RegisterResponse>('/user/register', {
    mobile_number: request.mobileNumber,
    verify_code: request.verifyCode,
    password: request.password,
    r_code: request.referralCode,
  });
}

/** PUT /user/reset_password: sets a new password; the server ends every session of the account. */
export async function resetPassword(client: ApiClient, request: ResetPasswordRequest): Promise<string> {
  const response = await client.put<MessageResponse>('/user/reset_password', {
    mobile_number: request.mobileNumber,
    verify_code: request.verifyCode,
    password: request.password,
  });
  return response.msg;
}

/** Seconds the server asks to wait before another code (a 429 body's retry_after_seconds), if any. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiFailure) || error.code !== CODE_TOO_MANY_REQUESTS) return null;
  const value = error.body.retry_after_seconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}
