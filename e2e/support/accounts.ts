import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The referral code a fresh demo server accepts (printed in its start-up banner). */
export const DEMO_REFERRAL_CODE = 'DEMO2026';

/** Reads the last one-time code the console SMS sink sent to a number (development servers only). */
export async function readLastOtp(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`/dev/sms/last?mobile=${encodeURIComponent(mobile)}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { otp: string };
  expect(body.otp).toMatch(/^\d{6}$/);
  return body.otp;
}

/** Types a local number into a mobile field the way a person does: tap (the +91 prefix appears), then type. */
export async function typeMobile(page: Page, localNumber: string): Promise<void> {
  const field = page.getByPlaceholder('Mobile number');
  await field.click();
  await expect(field).toHaveValue('+91');
  await field.pressSequentially(localNumber);
}

/** Registers a new account through the register screen and lands on /mine. */
export async function registerThroughTheApp(
  page: Page,
  localNumber: string,
  password: string,
): Promise<void> {
  await page.goto(`/#/register?r_code=${DEMO_REFERRAL_CODE}`);
  await expect(page.getByPlaceholder('Recommendation code')).toHaveValue(DEMO_REFERRAL_CODE);
  await typeMobile(page, localNumber);
  await page.getByRole('button', { name: 'OTP' }).click();
  await expect(page.getByRole('button', { name: /^Wait \d+s$/ })).toBeDisabled();
  const otp = await readLastOtp(page.request, `+91${localNumber}`);
  await page.getByPlaceholder('Verification code').fill(otp);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/mine$/);
}
