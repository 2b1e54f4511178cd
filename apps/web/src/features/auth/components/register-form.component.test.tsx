import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDeviceId, getToken } from '../../../shared/storage/storage.ts';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { OTP_RESEND_WAIT_SECONDS } from '../hooks/use-otp-countdown.hook.ts';
import { RegisterForm } from './register-form.component.tsx';

type Body = Record<string, unknown>;

function stubServer(routes: Record<string, () => Body>) {
  const calls: Array<{ path: string; body: Body }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({ path, body: init?.body ? (JSON.parse(String(init.body)) as Body) : {} });
    return fakeFetch(routes)(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));

afterEach(() => {
  Dialog.clear();
  delete window.AndroidBridge;
});

describe('RegisterForm', () => {
  it('fills the referral code from the r_code query and has the agreement on', () => {
    stubServer({});
    renderWithProviders(<RegisterForm />, { path: '/?r_code=DEMO2026' });
    expect((screen.getByPlaceholderText('Recommendation code') as HTMLInputElement).value).toBe('DEMO2026');
    expect(
      (screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('requires every field and the agreement before calling', async () => {
    const calls = stubServer({});
    renderWithProviders(<RegisterForm />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' }));
    submit();
    expect(await screen.findByText('mobile number is required')).toBeTruthy();
    expect(screen.getByText('verification code is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(screen.getByText('recommendation code is required')).toBeTruthy();
    expect(screen.getByText('Please read and agree to the privacy policy')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses a password shorter than the server accepts', async () => {
    stubServer({});
    renderWithProviders(<RegisterForm />);
    fill('New password', '12345');
    submit();
    expect(await screen.findByText('password must be at least 8 characters')).toBeTruthy();
  });

  it('does not send a code without a mobile number', async () => {
    const calls = stubServer({});
    renderWithProviders(<RegisterForm />);
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect(await screen.findByText('mobile number is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the code, then waits 60 s with "Wait Ns" before the OTP button works again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const calls = stubServer({
      '/user/send_verify_code': () => ({ code: 200, msg: 'Verification code sent' }),
    });
    renderWithProviders(<RegisterForm />);
    fill('Mobile number', ' +919876543210 ');
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));

    const waiting = await screen.findByRole('button', { name: `Wait ${OTP_RESEND_WAIT_SECONDS}s` });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    // The code request carries the device id this browser keeps (created on first use), so the server caps
    // register codes per device too (issue 13 item 9).
    const deviceId = getDeviceId();
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(calls).toEqual([
      {
        path: '/user/send_verify_code',
        body: { mobile_number: '+919876543210', verify_type: 'register', device_id: deviceId },
      },
    ]);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Wait 59s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime((OTP_RESEND_WAIT_SECONDS - 1) * 1000));
    const again = screen.getByRole('button', { name: 'OTP' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('shows a refused send in the error alert and waits as long as the server asks', async () => {
    // The clock is frozen so that a slow machine cannot tick the countdown before it is read.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    stubServer({
      '/user/send_verify_code': () => ({
        code: 429,
        msg: 'Please wait before requesting another verification code',
        retry_after_seconds: 42,
      }),
    });
    renderWithProviders(<RegisterForm />);
    fill('Mobile number', '+919876543210');
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please wait before requesting');
    expect(screen.getByRole('button', { name: 'Wait 42s' })).toBeTruthy();
  });

  it('registers, reports e_regist, shows the success dialog and then opens /mine', async () => {
    const track = vi.fn();
    window.AndroidBridge = { track };
    const calls = stubServer({
      '/user/register': () => ({
        code: 200,
        token: 'new-token',
        device_id: 'registered-device-0001',
        msg: 'ok',
      }),
    });
    const { router } = renderWithProviders(<RegisterForm />, { path: '/?r_code=DEMO2026' });
    fill('Mobile number', '+919876543210');
    fill('Verification code', ' 654321 ');
    fill('New password', 'tamarind-kite');
    submit();

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Completed');
    expect(dialog.textContent).toContain('Registration successful');
    expect(getToken()).toBe('new-token');
    expect(getDeviceId()).toBe('registered-device-0001');
    expect(track).toHaveBeenCalledWith('e_regist', '{}');
    expect(calls.at(-1)).toEqual({
      path: '/user/register',
      body: {
        mobile_number: '+919876543210',
        verify_code: '654321',
        password: 'tamarind-kite',
        r_code: 'DEMO2026',
      },
    });
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
  });

  it('shows a failed registration in the error alert', async () => {
    stubServer({ '/user/register': () => ({ code: 400, msg: 'The referral code does not exist' }) });
    renderWithProviders(<RegisterForm />, { path: '/?r_code=NOPE' });
    fill('Mobile number', '+919876543210');
    fill('Verification code', '654321');
    fill('New password', 'tamarind-kite');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('The referral code does not exist');
    expect(getToken()).toBeNull();
  });

  it('opens the privacy policy in a dialog', async () => {
    stubServer({});
    renderWithProviders(<RegisterForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    const policy = await screen.findByTestId('legal-privacyPolicy');
    expect(policy.textContent).toContain('under 13');
    expect(policy.textContent).toContain('Uttar Pradesh, India');
  });
});
