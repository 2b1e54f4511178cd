import { expect, test } from '@playwright/test';
import { readLastOtp, registerThroughTheApp, typeMobile } from '../support/accounts.ts';

const LOCAL_NUMBER = '9876500001';
const MOBILE = `+91${LOCAL_NUMBER}`;
const FIRST_PASSWORD = 'gold-first-1';
const NEW_PASSWORD = 'gold-second-2';

test('register, rename, log out, log in from a new device, reset the password', async ({ page, browser }) => {
  await registerThroughTheApp(page, LOCAL_NUMBER, FIRST_PASSWORD);
  await expect(page.getByTestId('profile-mobile')).toContainText(MOBILE);
  await expect(page.getByTestId('profile-balance')).toContainText('₹0.00');
  await expect(page.getByTestId('profile-user-id')).toContainText(/\d+/);

  // Change the nickname from the toolbar menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Change nickname').click();
  await page.getByPlaceholder('Nickname').fill('  Golden Goose  ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('profile-nick-name')).toHaveText(/Golden Goose$/);

  // Log out after confirming.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('Log out').click();
  await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto('/#/mine');
  await expect(page).toHaveURL(/#\/login$/);

  // Another phone: the first login answers 403, the code sent to the number trusts the device.
  const otherDevice = await browser.newContext();
  const phone = await otherDevice.newPage();
  await phone.goto('/#/login');
  await expect(phone.getByPlaceholder('Verification code')).toHaveCount(0);
  await typeMobile(phone, LOCAL_NUMBER);
  await phone.getByPlaceholder('Password').fill('not-my-password');
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone.getByRole('alert')).toContainText('Incorrect mobile number or password');
  await phone.getByPlaceholder('Password').fill(FIRST_PASSWORD);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  const codeField = phone.getByPlaceholder('Verification code');
  await expect(codeField).toBeVisible();
  await codeField.fill(await readLastOtp(phone.request, MOBILE));
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone).toHaveURL(/#\/mine$/);
  await expect(phone.getByTestId('profile-nick-name')).toHaveText(/Golden Goose$/);

  // Reset the password from the first phone; the other phone's session is revoked.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/#\/resetPassword$/);
  await typeMobile(page, LOCAL_NUMBER);
  await page.getByRole('button', { name: 'OTP' }).click();
  await expect(page.getByRole('button', { name: /^Wait \d+s$/ })).toBeDisabled();
  await page.getByPlaceholder('Verification code').fill(await readLastOtp(page.request, MOBILE));
  await page.getByPlaceholder('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Reset Completed')).toBeVisible();
  await expect(page.getByText('Your password is successful reset.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await phone.reload();
  await expect(phone).toHaveURL(/#\/login$/);
  await otherDevice.close();

  // The old password no longer works; the new one does, on this already trusted device.
  await page.goto('/#/login');
  await typeMobile(page, LOCAL_NUMBER);
  await page.getByPlaceholder('Password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect mobile number or password');
  await page.getByPlaceholder('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/#\/mine$/);
  await expect(page.getByTestId('profile-mobile')).toContainText(MOBILE);
});

test('the register form names each missing field', async ({ page }) => {
  await page.goto('/#/register');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('mobile number is required')).toBeVisible();
  await expect(page.getByText('password is required')).toBeVisible();
  await expect(page.getByText('recommendation code is required')).toBeVisible();
});
