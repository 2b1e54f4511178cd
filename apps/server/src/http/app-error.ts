import { ResponseCode } from '@app/shared';

/**
 * A failure that the client is meant to see: its code becomes both the HTTP status and the envelope's
 * `code`, and its message the `msg`. Anything that is not an AppError is a bug and answers 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Extra envelope fields, such as device_id on the login 403. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string): AppError => new AppError(ResponseCode.badRequest, message);
export const notFound = (message = 'Not found'): AppError => new AppError(ResponseCode.notFound, message);
export const unauthorized = (message = 'Please log in again'): AppError =>
  new AppError(ResponseCode.unauthorized, message);
export const tooManyRequests = (message: string): AppError =>
  new AppError(ResponseCode.tooManyRequests, message);
export const forbidden = (message: string): AppError => new AppError(ResponseCode.forbidden, message);
