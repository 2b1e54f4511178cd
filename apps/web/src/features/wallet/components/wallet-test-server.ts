import { vi } from 'vitest';

type Body = Record<string, unknown>;

/** One request the stub server received. */
export interface RecordedCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: Body;
  headers: Record<string, string>;
}

/** A route's answer: a JSON envelope (its code is also the HTTP status), or an Error for a network failure. */
export type StubHandler = (url: URL, body: Body) => Body | Error;

/** A profile answer for the wallet screens. */
export function profileAnswer(overrides: Body = {}, entry: Body = {}): Body {
  return {
    code: 200,
    entry: {
      r_code: 'AB12CD',
      nick_name: 'Asha',
      mobile: '+919876543210',
      user_id: 1042,
      balance: '1234.50',
      ...entry,
    },
    event_gift_enable: false,
    promotion_url: '',
    is_early: false,
    is_transfer_enable: 1,
    supports: [],
    android_app_prefix: '',
    ...overrides,
  };
}

/**
 * Stubs fetch with handlers by path (the profile answers by default) and records every call with its
 * method, query, JSON body and headers, so tests can check exactly what the screens sent.
 */
export function stubWalletServer(routes: Record<string, StubHandler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const handlers: Record<string, StubHandler> = { '/user/profile': () => profileAnswer(), ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = JSON.parse(String(init?.body ?? '{}')) as Body;
      calls.push({
        path: url.pathname,
        method: init?.method ?? 'GET',
        query: url.searchParams,
        body,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      });
      const handler = handlers[url.pathname];
      const answer = handler ? handler(url, body) : { code: 404, msg: 'Not found' };
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer), {
        status: Number(answer.code) || 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls to one path. */
export function callsTo(calls: readonly RecordedCall[], path: string): RecordedCall[] {
  return calls.filter((call) => call.path === path);
}
