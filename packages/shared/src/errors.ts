/**
 * Response codes: the HTTP status always equals the envelope's `code` (DESIGN.md "API conventions").
 * The spec gives 403 a special meaning on login: a verification code is required.
 */
export const ResponseCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  verificationRequired: 403,
  /** Everywhere but login: the account may not use this call (an operator flag is off). */
  /** An operator whose role may not make this call. */
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  idempotencyMismatch: 422,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** Every failure answers this envelope. */
export interface ErrorEnvelope {
  code: number;
  msg: string;
  /** Present on 500 answers so the operator can find the logged error. */
  error_id?: string;
}

/** Server messages that the app recognises by text (spec §8 of both documents). */
export const ServerMessage = {
  unauthorized: 'Please log in again',
  notFound: 'Not found',
  internal: 'An error occurred, please try again later.',
  upiAccountEmpty: 'UPI Account can not be empty',
  /** A transaction kept meeting others after its retries: nothing was applied, sending it again is safe. */
  busyTryAgain: 'The server is busy, please try again',
  /** A game call from an account without early access (is_early cleared by the operator). */
  earlyAccessRequired: 'The games are not open for your account',
} as const;
