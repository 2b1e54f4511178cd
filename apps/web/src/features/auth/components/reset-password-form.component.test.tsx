import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getDeviceId,
  getEarlyFlag,
  getToken,
  setDeviceId,
  setEarlyFlag,
  setToken,
} from '../../../shared/storage/storage.ts';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { ResetPasswordForm } from './reset-password-form.component.tsx';

type Body = Record<string, unknown>;

function stubServer(routes: Record<string, () => Body>) {
  const calls: Array<{ path: string; method: string; body: Body }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({
        path,
        method: init?.method ?? 'GET',
        body: JSON.parse(String(init?.body ?? '{}')) as Body,
      });
      return fakeFetch(routes)(input);
    }),
  );
  return calls;
}

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

afterEach(() => Dialog.clear());

describe('ResetPasswordForm', () => {
  it('words the missing mobile as the reset screen does, and sends no code', async () => {
    const calls = stubServer({});
    renderWithProviders(<ResetPasswordForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect(await screen.findByText('Mobile number is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks for a reset_password code with the device id the browser already keeps', async () => {
    // The id login and register stored: the same one goes with the code request, so the per-device cap
    // counts this browser's reset codes (issue 13 item 9).
    setDeviceId('kept-device-id-000001');
    const calls = stubServer({
      '/user/send_verify_code': () => ({ code: 200, msg: 'Verification code sent' }),
    });
    renderWithProviders(<ResetPasswordForm onDone={() => {}} />);
    fill('Mobile number', '+919876543210');
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    await screen.findByRole('button', { name: 'Wait 60s' });
    expect(calls[0]?.body).toEqual({
      mobile_number: '+919876543210',
      verify_type: 'reset_password',
      device_id: 'kept-device-id-000001',
    });
    expect(getDeviceId()).toBe('kept-device-id-000001');
  });

  it('requires mobile, code and new password', async () => {
    const calls = stubServer({});
    renderWithProviders(<ResetPasswordForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Mobile number is required')).toBeTruthy();
    expect(screen.getByText('verification code is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('resets with PUT, ends the revoked session, shows "Reset Completed" and then goes back', async () => {
    setToken('old-session');
    setEarlyFlag(true);
    setDeviceId('device-id-0000000042');
    const onDone = vi.fn();
    const calls = stubServer({
      '/user/reset_password': () => ({ code: 200, msg: 'Your password is successful reset.' }),
    });
    renderWithProviders(<ResetPasswordForm onDone={onDone} />);
    fill('Mobile number', '+919876543210');
    fill('Verification code', '111222');
    fill('New password', 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Reset Completed');
    expect(dialog.textContent).toContain('Your password is successful reset.');
    expect(calls[0]).toEqual({
      path: '/user/reset_password',
      method: 'PUT',
      body: { mobile_number: '+919876543210', verify_code: '111222', password: 'brand-new-pass' },
    });
    expect(getToken()).toBeNull();
    expect(getEarlyFlag()).toBe(false);
    expect(getDeviceId()).toBe('device-id-0000000042');
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('shows a refused reset in the error alert', async () => {
    stubServer({ '/user/reset_password': () => ({ code: 400, msg: 'Verification code is incorrect' }) });
    const onDone = vi.fn();
    renderWithProviders(<ResetPasswordForm onDone={onDone} />);
    fill('Mobile number', '+919876543210');
    fill('Verification code', '000000');
    fill('New password', 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Verification code is incorrect');
    expect(onDone).not.toHaveBeenCalled();
  });
});
