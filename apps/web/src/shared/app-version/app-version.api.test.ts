import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client.ts';
import { checkAppVersion, landingPageTarget } from './app-version.api.ts';

const HERE = new URL('https://shop.example/#/mine');

function clientAnswering(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  const client = createApiClient({
    baseUrl: '',
    getToken: () => null,
    clearToken: () => {},
    getLanguage: () => 'en',
    onUnauthorized: () => {},
    fetch,
  });
  return { client, fetch };
}

describe('checkAppVersion', () => {
  it('goes to the landing page when the server answers 200', async () => {
    const { client, fetch } = clientAnswering({ code: 200, landing_page: 'https://get.example/app' });
    const go = vi.fn();
    await expect(checkAppVersion(client, go, HERE)).resolves.toBe('https://get.example/app');
    expect(go).toHaveBeenCalledWith('https://get.example/app');
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/^\/user\/get_app_version\?t=\d+$/);
  });

  it('stays when no landing page is configured (404), without logging an error', async () => {
    const { client } = clientAnswering({ code: 404, msg: 'No landing page is configured' }, 404);
    const logged = vi.spyOn(console, 'error');
    const go = vi.fn();
    await expect(checkAppVersion(client, go, HERE)).resolves.toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });

  it('stays and logs when the server cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient({
      baseUrl: '',
      getToken: () => null,
      clearToken: () => {},
      getLanguage: () => 'en',
      onUnauthorized: () => {},
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const go = vi.fn();
    await expect(checkAppVersion(client, go, HERE)).resolves.toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });
});

describe('landingPageTarget', () => {
  it('accepts http(s) addresses and resolves relative ones', () => {
    expect(landingPageTarget('https://get.example/', HERE)).toBe('https://get.example/');
    expect(landingPageTarget('/download.html', HERE)).toBe('https://shop.example/download.html');
    expect(landingPageTarget('#/register', HERE)).toBe('https://shop.example/#/register');
  });

  it('refuses script addresses and the page already shown', () => {
    expect(landingPageTarget('javascript:alert(1)', HERE)).toBeNull();
    expect(landingPageTarget('https://shop.example/', HERE)).toBeNull();
    expect(landingPageTarget('https://shop.example/#/mine', HERE)).toBeNull();
  });
});
