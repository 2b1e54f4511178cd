/** Where the console keeps its session token: this tab only, gone when the tab closes. */
const TOKEN_KEY = 'operator-console-token';

export function sessionToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function storeSessionToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

/** A refused call: its HTTP status and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A query string of the defined, non-empty values. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Calls the server with the console session; answers the JSON body or throws ApiError with its msg. */
export async function apiCall<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = sessionToken();
  const response = await fetch(path, {
    method,
    headers: {
      ...(token ? { authorization: `Operator ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const payload = (await response.json().catch(() => ({}))) as { msg?: string };
  if (!response.ok) throw new ApiError(response.status, payload.msg ?? `HTTP ${response.status}`);
  return payload as T;
}

/** The text of a failure: an Error's message, or the `message` of Refine's HttpError (a plain object). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return String(error);
}
