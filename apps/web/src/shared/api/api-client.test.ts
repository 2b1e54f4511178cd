import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDependencies, createApiClient } from './api-client.ts';
import { ApiFailure, ApiNetworkError } from './api-errors.ts';

interface Recorded {
  url: string;
  init: RequestInit;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(options: { token?: string | null; respond?: () => Response | Promise<Response> } = {}) {
  const calls: Recorded[] = [];
  let token = options.token ?? null;
  const dependencies = {
    baseUrl: '',
    getToken: () => token,
    clearToken: vi.fn(() => {
      token = null;
    }),
    getLanguage: () => 'pt-BR',
    onUnauthorized: vi.fn(),
    now: () => 1_700_000_000_000,
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return options.respond ? options.respond() : jsonResponse({ code: 200, queryset: [] });
    }),
  } satisfies ApiClientDependencies;
  return { client: createApiClient(dependencies), calls, dependencies, currentToken: () => token };
}

function header(call: Recorded | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

describe('createApiClient', () => {
  it('adds the cache-busting t timestamp and the query to GETs', async () => {
    const { client, calls } = setup();
    await client.get('/shop/products', { keyword: 'gold bar', p: 2, p_size: 10, missing: undefined });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe('/shop/products');
    expect(url.searchParams.get('t')).toBe('1700000000000');
    expect(url.searchParams.get('keyword')).toBe('gold bar');
    expect(url.searchParams.get('p')).toBe('2');
    expect(url.searchParams.has('missing')).toBe(false);
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('does not add t to POSTs and sends a JSON body', async () => {
    const { client, calls } = setup();
    await client.post('/user/login', { mobile_number: '+919999999999' });
    expect(calls[0]?.url).toBe('/user/login');
    expect(calls[0]?.init.body).toBe('{"mobile_number":"+919999999999"}');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
  });

  it('sends Authorization: Token <token> only when a token is stored', async () => {
    const withToken = setup({ token: 'abc123' });
    await withToken.client.get('/user/profile');
    expect(header(withToken.calls[0], 'Authorization')).toBe('Token abc123');

    const withoutToken = setup({ token: null });
    await withoutToken.client.get('/shop/home_top');
    expect(header(withoutToken.calls[0], 'Authorization')).toBeUndefined();
  });

  it('sends the interface language as Accept-Language', async () => {
    const { client, calls } = setup();
    await client.get('/shop/home_top');
    expect(header(calls[0], 'Accept-Language')).toBe('pt-BR');
  });

  it('resolves with the envelope when code is 200', async () => {
    const { client } = setup({ respond: () => jsonResponse({ code: 200, entry: { id: 7 } }) });
    await expect(client.get('/shop/product', { id: 7 })).resolves.toEqual({ code: 200, entry: { id: 7 } });
  });

  it('rejects with ApiFailure carrying code and msg for any other code', async () => {
    const { client } = setup({
      respond: () => jsonResponse({ code: 400, msg: 'p must be at least 1' }, 400),
    });
    const error = await client.get('/shop/products', { p: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ code: 400, msg: 'p must be at least 1' });
  });

  it('treats code 403 as a failure whose body stays readable (login asks for an OTP)', async () => {
    const { client } = setup({
      respond: () => jsonResponse({ code: 403, msg: 'OTP', device_id: 'd1' }, 403),
    });
    const error = await client.post('/user/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).body.device_id).toBe('d1');
  });

  it('on 401 clears the token, goes to login and rejects', async () => {
    const { client, dependencies, currentToken } = setup({
      token: 'revoked',
      respond: () => jsonResponse({ code: 401, msg: 'Please log in again' }, 401),
    });
    const error = await client.get('/user/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as ApiFailure).code).toBe(401);
    expect(dependencies.clearToken).toHaveBeenCalledTimes(1);
    expect(dependencies.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(currentToken()).toBeNull();
  });

  it('treats a 401 without a JSON body the same way', async () => {
    const { client, dependencies } = setup({
      token: 'revoked',
      respond: () => new Response('Unauthorized', { status: 401 }),
    });
    const error = await client.get('/user/profile').catch((caught: unknown) => caught);
    expect((error as ApiFailure).code).toBe(401);
    expect(dependencies.clearToken).toHaveBeenCalledTimes(1);
    expect(dependencies.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not clear the token on other failures', async () => {
    const { client, dependencies } = setup({
      token: 'valid',
      respond: () => jsonResponse({ code: 404, msg: 'Not found' }, 404),
    });
    await expect(client.get('/shop/product', { id: 999 })).rejects.toBeInstanceOf(ApiFailure);
    expect(dependencies.clearToken).not.toHaveBeenCalled();
    expect(dependencies.onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a failed connection as ApiNetworkError, not as a server failure', async () => {
    const { client } = setup({
      respond: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await client.get('/shop/home_top').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).not.toBeInstanceOf(ApiFailure);
    expect((error as ApiNetworkError).reason).toBe('offline');
  });

  it('reports a non-JSON answer (a proxy error page) as ApiNetworkError', async () => {
    const { client } = setup({ respond: () => new Response('<html>Bad Gateway</html>', { status: 502 }) });
    const error = await client.get('/shop/home_top').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as ApiNetworkError).reason).toBe('bad_response');
  });

  it('gives up after the timeout with ApiNetworkError(timeout)', async () => {
    const client = createApiClient({
      baseUrl: '',
      getToken: () => null,
      clearToken: () => {},
      getLanguage: () => 'en',
      onUnauthorized: () => {},
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    const error = await client.get('/shop/home_top').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect((error as ApiNetworkError).reason).toBe('timeout');
  });

  it('rethrows a cancellation by the caller as is', async () => {
    const controller = new AbortController();
    const { client } = setup({
      respond: () => {
        throw new DOMException('aborted', 'AbortError');
      },
    });
    controller.abort(new DOMException('cancelled', 'AbortError'));
    const error = await client
      .get('/shop/home_top', undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiNetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
