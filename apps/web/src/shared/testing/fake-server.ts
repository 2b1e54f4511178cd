import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** One request the fake server received. */
export interface RecordedCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Answers a request: an envelope (its code becomes the HTTP status), or an Error to fail the connection. */
export type FakeRoute = (call: RecordedCall) => unknown;

/**
 * Stubs `fetch` with a server that answers by path (`/user/buy`) or by method and path (`POST /user/buy`),
 * and records every call with its method, query, JSON body and headers. Unknown paths answer 404.
 */
export function stubFakeServer(routes: Record<string, FakeRoute>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        path: url.pathname,
        method,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const body = route ? route(call) : { code: 404, msg: 'Not found' };
      if (body instanceof Error) throw body;
      const status = typeof body === 'object' && body !== null && 'code' in body ? Number(body.code) : 200;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The calls to one path (and method, when given). */
export function callsTo(calls: readonly RecordedCall[], path: string, method?: string): RecordedCall[] {
  return calls.filter((call) => call.path === path && (method === undefined || call.method === method));
}

/** Whether an antd dialog has finished closing: its body is faded out (opacity 0). */
function isClosedDialog(dialog: Element): boolean {
  const body = dialog.firstElementChild;
  return body instanceof HTMLElement && body.style.opacity === '0';
}

/**
 * Waits for the dialogs a test opened to finish closing, then takes away the closed ones. In jsdom an
 * imperative antd dialog closed while its screen unmounts sometimes fades out but is never removed; left in
 * the page, its buttons and text would leak into the next test.
 */
export async function settleDialogs(): Promise<void> {
  await waitFor(() => {
    const open = [...document.querySelectorAll('[role="dialog"]')].filter(
      (dialog) => !isClosedDialog(dialog),
    );
    expect(open).toHaveLength(0);
  });
  for (const dialog of document.querySelectorAll('[role="dialog"]')) {
    dialog.closest('.adm-center-popup')?.parentElement?.remove();
  }
}
