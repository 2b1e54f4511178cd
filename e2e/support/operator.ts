import type { APIRequestContext } from '@playwright/test';

/** The operator token of the end-to-end server (set in playwright.config.ts); tests act as the operator with it. */
export const E2E_ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';

/**
 * Calls the operator API of the end-to-end server the way an operator's tool would, and returns its JSON. An
 * action that a second operator must approve (HTTP 202) is not done: it throws, so a test never goes on as if
 * it were; such an action goes through callOperatorApiWithApproval (support/approvals.ts).
 */
export async function callOperatorApi(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(`/admin/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    ...(body === undefined ? {} : { data: body }),
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (!response.ok())
    throw new Error(`operator ${method} ${path} answered ${response.status()}: ${JSON.stringify(payload)}`);
  if (response.status() === 202) {
    throw new Error(
      `operator ${method} ${path} was sent for a second operator's approval (${JSON.stringify(payload)}): ` +
        'call it with callOperatorApiWithApproval',
    );
  }
  return payload;
}

/** Moves the end-to-end server's test clock forward (DEV_TEST_CLOCK), so a game period ends without waiting. */
export async function advanceServerClock(request: APIRequestContext, seconds: number): Promise<void> {
  const response = await request.post('/dev/clock/advance', { data: { seconds } });
  if (!response.ok())
    throw new Error(`clock advance answered ${response.status()}: ${await response.text()}`);
}

/**
 * The server's time (its test clock may run ahead of this machine's): the clock is moved by the smallest
 * step, one second, which answers the time it then shows.
 */
export async function readServerTime(request: APIRequestContext): Promise<number> {
  const response = await request.post('/dev/clock/advance', { data: { seconds: 1 } });
  if (!response.ok())
    throw new Error(`clock advance answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { now: number }).now;
}
