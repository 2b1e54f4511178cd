import { type ApiEnvelope, ApiFailure, ApiNetworkError } from './api-errors.ts';

/** A request that has not answered after this long is treated as a network error. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The envelope code that means success, and the one that means "log in again". */
const CODE_OK = 200;
const CODE_UNAUTHORIZED = 401;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one); a cancelled call rejects with the abort reason. */
  signal?: AbortSignal;
  /** Extra headers, for example `Idempotency-Key` on money-moving POSTs. */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClientDependencies {
  /** Prefix of every path; '' means the page's own origin, which serves the API in production. */
  baseUrl: string;
  getToken: () => string | null;
  /** Called on a 401 to end the session on this device (the app's client clears the player's values too). */
  clearToken: () => void;
  /** The current interface language, sent as Accept-Language so server messages come translated. */
  getLanguage: () => string;
  /** Called after a 401 has cleared the token; the app sends the player to the login screen. */
  onUnauthorized: () => void;
  /** Called after a write (POST or PUT) succeeded: a later success makes an earlier error alert stale. */
  onWriteSucceeded?: () => void;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export interface ApiClient {
  /** GET with query parameters and the cache-busting `t`; resolves with the envelope when code is 200. */
  get<T extends ApiEnvelope>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T>;
  /** POST a JSON body; resolves with the envelope when code is 200. */
  post<T extends ApiEnvelope>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** PUT a JSON body; resolves with the envelope when code is 200. */
  put<T extends ApiEnvelope>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  if (search === '') return `${baseUrl}${path}`;
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isEnvelope(value: unknown): value is ApiEnvelope & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** Creates the one HTTP client of the app; every screen's calls go through it. */
export function createApiClient(dependencies: ApiClientDependencies): ApiClient {
  const fetchImpl = dependencies.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = dependencies.now ?? Date.now;
  const timeoutMs = dependencies.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T extends ApiEnvelope>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    query: QueryParams | undefined,
    body: unknown,
    options: RequestOptions | undefined,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': dependencies.getLanguage(),
      ...options?.headers,
    };
    const token = dependencies.getToken();
    if (token) headers.Authorization = `Token ${token}`;
    if (method !== 'GET') headers['Content-Type'] = 'application/json';

    // The spec adds a timestamp to GETs so no cache between the app and the server answers an old list.
    const url = buildUrl(dependencies.baseUrl, path, method === 'GET' ? { ...query, t: now() } : query);

    // One controller carries both the caller's cancellation and the timeout, so either can stop the call.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = options?.signal;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        signal: controller.signal,
      });
    } catch (error) {
      if (callerSignal?.aborted && !timedOut) throw callerSignal.reason ?? error;
      throw new ApiNetworkError(timedOut ? 'timeout' : 'offline', { cause: error });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }

    let payload: unknown;
    let parseError: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      parseError = error;
    }
    const envelope = isEnvelope(payload) ? payload : null;

    // A 401 ends the session whatever its body looks like (spec 01 §4: token removed, go to login).
    if (envelope?.code === CODE_UNAUTHORIZED || response.status === CODE_UNAUTHORIZED) {
      dependencies.clearToken();
      dependencies.onUnauthorized();
      throw new ApiFailure({ ...envelope, code: CODE_UNAUTHORIZED });
    }
    if (!envelope) throw new ApiNetworkError('bad_response', { cause: parseError });
    if (envelope.code !== CODE_OK) throw new ApiFailure(envelope);
    if (method !== 'GET') dependencies.onWriteSucceeded?.();
    return envelope as unknown as T;
  }

  return {
    get: (path, query, options) => request('GET', path, query, undefined, options),
    post: (path, body, options) => request('POST', path, undefined, body, options),
    put: (path, body, options) => request('PUT', path, undefined, body, options),
  };
}
