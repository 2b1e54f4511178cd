/** The JSON envelope every server answer carries (DESIGN.md "API conventions"): `code` 200 is success. */
export interface ApiEnvelope {
  code: number;
  msg?: string;
}

export type ApiNetworkErrorReason = 'offline' | 'timeout' | 'bad_response';

/**
 * The call never got an answer from the API: the connection failed, it timed out, or what came back was
 * not the API's JSON envelope (a proxy error page while the server is down). The home screen shows its
 * maintenance dialog for these, and never for a failure the server reported itself.
 */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';

  constructor(
    readonly reason: ApiNetworkErrorReason,
    options?: { cause?: unknown },
  ) {
    super(`Network error (${reason})`, options);
  }
}

/** The server answered with a code other than 200; `msg` is the server's (translated) message. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly code: number;
  readonly msg: string;
  /** The whole envelope, for screens that read more than the message (for example login's device_id). */
  readonly body: ApiEnvelope & Record<string, unknown>;

  constructor(body: ApiEnvelope & Record<string, unknown>) {
    const msg = typeof body.msg === 'string' ? body.msg : '';
    super(msg || `Request failed with code ${body.code}`);
    this.code = body.code;
    this.msg = msg;
    this.body = body;
  }
}

/** True for errors that mean "the API could not be reached". */
export function isNetworkError(error: unknown): error is ApiNetworkError {
  return error instanceof ApiNetworkError;
}

/** True for failures the server reported in its envelope. */
export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}
