import type { APIRequestContext } from '@playwright/test';

/** The operator token of the end-to-end server (set in playwright.config.ts); tests act as the operator with it. */
export const E2E_ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef';

/** Calls the operator API of the end-to-end server the way an operator's tool would, and returns its JSON. */
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
  return payload;
}

/** Moves the end-to-end server's test clock forward (DEV_TEST_CLOCK), so a game period ends without waiting. */
export async function advanceServerClock(request: APIRequestContext, seconds: number): Promise<void> {
  const response = await request.post('/dev/clock/advance', { data: { seconds } });
  if (!response.ok())
    throw new Error(`clock advance answered ${response.status()}: ${await response.text()}`);
}
