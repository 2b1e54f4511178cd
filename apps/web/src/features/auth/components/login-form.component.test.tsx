import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDeviceId, getToken, setDeviceId } from '../../../shared/storage/storage.ts';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { LoginForm } from './login-form.component.tsx';

type Body = Record<string, unknown>;

/** Stubs fetch with a login endpoint that answers from the queue, recording each request body. */
function stubLogin(...answers: Body[]) {
  const bodies: Body[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/user/login') bodies.push(JSON.parse(String(init?.body)) as Body);
    return fakeFetch({ '/user/login': () => answers.shift() ?? { code: 500, msg: 'no answer left' } })(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, fetchMock };
}

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Login' }));

describe('LoginForm', () => {
  it('fills the market prefix when the empty mobile field gets focus', () => {
    stubLogin();
    renderWithProviders(<LoginForm />, { market: 'pt' });
    const mobile = screen.getByPlaceholderText('Mobile number') as HTMLInputElement;
    fireEvent.focus(mobile);
    expect(mobile.value).toBe('+55');
    fireEvent.change(mobile, { target: { value: '+55 11 91234 5678' } });
    fireEvent.focus(mobile);
    expect(mobile.value).toBe('+55 11 91234 5678');
    // A full number pasted after the filled-in prefix keeps one prefix.
    fireEvent.change(mobile, { target: { value: '+55+5511912345678' } });
    expect(mobile.value).toBe('+5511912345678');
  });

  it('skips the call while the mobile or the password is empty, and says which', async () => {
    const { fetchMock } = stubLogin();
    renderWithProviders(<LoginForm />);
    fireEvent.focus(screen.getByPlaceholderText('Mobile number'));
    submit();
    expect(await screen.findByText('mobile number is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Verification code')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on 200 stores the token and device id and opens /mine', async () => {
    const { bodies } = stubLogin({
      code: 200,
      token: 'tok-123',
      device_id: 'server-device-id-0001',
      msg: 'ok',
    });
    const { router } = renderWithProviders(<LoginForm />);
    fill('Mobile number', '  +919876543210  ');
    fill('Password', ' secret1 ');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(getToken()).toBe('tok-123');
    expect(getDeviceId()).toBe('server-device-id-0001');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      mobile_number: '+919876543210',
      password: ' secret1 ',
      verify_code: '',
      host: window.location.host,
    });
    // A device id was created before the first login: 22 base64url characters.
    expect(bodies[0]?.device_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('on 403 shows the code field and keeps the device id; the next attempt sends both', async () => {
    setDeviceId('browser-device-id-0001');
    const { bodies } = stubLogin(
      { code: 403, msg: 'Verification code required', device_id: 'browser-device-id-0001' },
      { code: 200, token: 'tok-after-otp', device_id: 'browser-device-id-0001', msg: 'ok' },
    );
    const { router } = renderWithProviders(<LoginForm />);
    fill('Mobile number', '+919876543210');
    fill('Password', 'secret1');
    submit();

    const code = await screen.findByPlaceholderText('Verification code');
    expect(screen.getByTestId('new-device-notice').textContent).toContain('verification code');
    expect(getToken()).toBeNull();
    expect(getDeviceId()).toBe('browser-device-id-0001');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alert')).toBeNull();

    // The shown code field is now required.
    submit();
    expect(await screen.findByText('verification code is required')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(bodies[1]).toMatchObject({ verify_code: '123456', device_id: 'browser-device-id-0001' });
    expect(getToken()).toBe('tok-after-otp');
  });

  it('shows any other failure in the error alert and stays', async () => {
    stubLogin({ code: 400, msg: 'Incorrect mobile number or password' });
    const { router } = renderWithProviders(<LoginForm />);
    fill('Mobile number', '+919876543210');
    fill('Password', 'wrong-password');
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Incorrect mobile number or password');
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByPlaceholderText('Verification code')).toBeNull();
  });

  it('links to register and to the password reset', () => {
    stubLogin();
    renderWithProviders(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/resetPassword',
    );
  });
});
