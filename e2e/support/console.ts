import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_REFERRAL_CODE, readLastOtp } from './accounts.ts';

/** The password of the console operators the end-to-end tests create. */
export const CONSOLE_PASSWORD = 'console-password-0123';

/** Calls the player API with a session token and answers its JSON (throws on a refusal). */
export async function callPlayerApi(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(path, {
    method,
    headers: token ? { Authorization: `Token ${token}` } : {},
    ...(body === undefined ? {} : { data: body }),
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${JSON.stringify(payload)}`);
  return payload;
}

/** Registers a player through the API (code from the development SMS sink); answers its token. */
export async function registerPlayer(
  request: APIRequestContext,
  mobile: string,
  password: string,
): Promise<string> {
  await callPlayerApi(request, null, 'POST', '/user/send_verify_code', {
    mobile_number: mobile,
    verify_type: 'register',
  });
  const registered = await callPlayerApi(request, null, 'POST', '/user/register', {
    mobile_number: mobile,
    verify_code: await readLastOtp(request, mobile),
    password,
    r_code: DEMO_REFERRAL_CODE,
  });
  return String(registered.token);
}

/** The TOTP code an authenticator app would show, at the server's (possibly advanced) clock. */
export function totpCode(secret: string, serverOffsetMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + serverOffsetMs) / 1000) });
}

/**
 * Logs into the console for the first time as a person does: username and password, then the enrolment
 * screen's secret goes into the authenticator (otplib here) and its code finishes the login. Answers the
 * secret for later logins.
 */
export async function firstConsoleLogin(
  page: Page,
  username: string,
  serverOffsetMs: number,
): Promise<string> {
  await page.goto('/admin/#/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // A login loads the console's first page too; on a shared, loaded machine that can take a while.
  await expect(page.getByAltText('TOTP QR code')).toBeVisible({ timeout: 30_000 });
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(await totpCode(secret, serverOffsetMs));
  await page.getByRole('button', { name: 'Finish enrolment' }).click();
  await expect(page.getByTestId('operator-identity')).toContainText(username, { timeout: 30_000 });
  return secret;
}
