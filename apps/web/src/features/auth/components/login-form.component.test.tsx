import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from '../../../i18n/i18n.ts';
import { getDeviceId, getToken, setDeviceId } from '../../../shared/storage/storage.ts';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { OTP_RESEND_WAIT_SECONDS } from '../hooks/use-otp-countdown.hook.ts';
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

const VERIFICATION_REQUIRED = {
  code: 403,
  msg: 'Verification code required',
  device_id: 'browser-device-id-0001',
};

/** Logs in from a new device until the code field shows (the server sent the first code). */
async function reachCodeField() {
  fill('Mobile number', '+919876543210');
  fill('Password', 'secret1');
  submit();
  return screen.findByPlaceholderText('Verification code');
}

afterEach(async () => {
  Toast.clear();
  await i18n.changeLanguage('en');
});

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

  it('after a 403 offers the OTP button only once the resend wait is over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    setDeviceId('browser-device-id-0001');
    stubLogin(VERIFICATION_REQUIRED);
    renderWithProviders(<LoginForm />);
    await reachCodeField();

    // The first code has just been sent, so asking again waits as register does.
    const waiting = screen.getByRole('button', { name: `Wait ${OTP_RESEND_WAIT_SECONDS}s` });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(OTP_RESEND_WAIT_SECONDS * 1000));
    expect((screen.getByRole('button', { name: 'OTP' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('gets a new device code by logging in without the old one, then signs in with the new one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    setDeviceId('browser-device-id-0001');
    const { bodies } = stubLogin(
      VERIFICATION_REQUIRED,
      // The first code expired: the attempt with it is refused.
      {
        code: 400,
        msg: 'Verification code is invalid or has expired, please request a new one',
      },
      // The OTP button's login without a code: the server sends a new one.
      VERIFICATION_REQUIRED,
      { code: 200, token: 'tok-new-code', device_id: 'browser-device-id-0001', msg: 'ok' },
    );
    const { router } = renderWithProviders(<LoginForm />);
    const code = await reachCodeField();

    fireEvent.change(code, { target: { value: '111111' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('please request a new one');
    expect(bodies[1]).toMatchObject({ verify_code: '111111' });

    act(() => vi.advanceTimersByTime(OTP_RESEND_WAIT_SECONDS * 1000));
    const toast = vi.spyOn(Toast, 'show');
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect(await screen.findByRole('button', { name: `Wait ${OTP_RESEND_WAIT_SECONDS}s` })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ content: 'Verification code sent' });
    expect(bodies[2]).toEqual({
      mobile_number: '+919876543210',
      password: 'secret1',
      host: window.location.host,
      verify_code: '',
      device_id: 'browser-device-id-0001',
    });
    expect(getToken()).toBeNull();

    fireEvent.change(code, { target: { value: '222222' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(bodies[3]).toMatchObject({ verify_code: '222222', device_id: 'browser-device-id-0001' });
    expect(getToken()).toBe('tok-new-code');
  });

  it('asks for the number and password before requesting a new code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    setDeviceId('browser-device-id-0001');
    const { bodies } = stubLogin(VERIFICATION_REQUIRED);
    renderWithProviders(<LoginForm />);
    await reachCodeField();
    act(() => vi.advanceTimersByTime(OTP_RESEND_WAIT_SECONDS * 1000));

    fill('Password', '');
    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect(await screen.findByText('password is required')).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });

  it('waits as long as a refused code request says, and shows why', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    setDeviceId('browser-device-id-0001');
    stubLogin(VERIFICATION_REQUIRED, {
      code: 429,
      msg: 'Too many login attempts, please try again later',
      retry_after_seconds: 300,
    });
    renderWithProviders(<LoginForm />);
    await reachCodeField();
    act(() => vi.advanceTimersByTime(OTP_RESEND_WAIT_SECONDS * 1000));

    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many login attempts');
    expect(screen.getByRole('button', { name: 'Wait 300s' })).toBeTruthy();
  });

  it('signs in at once when the new-code request finds the device trusted', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    setDeviceId('browser-device-id-0001');
    stubLogin(VERIFICATION_REQUIRED, {
      code: 200,
      token: 'tok-trusted',
      device_id: 'browser-device-id-0001',
      msg: 'ok',
    });
    const { router } = renderWithProviders(<LoginForm />);
    await reachCodeField();
    act(() => vi.advanceTimersByTime(OTP_RESEND_WAIT_SECONDS * 1000));

    fireEvent.click(screen.getByRole('button', { name: 'OTP' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine'));
    expect(getToken()).toBe('tok-trusted');
  });

  it('shows the server refusal in the interface language', async () => {
    await switchLanguage('pt-BR');
    stubLogin({ code: 400, msg: 'Incorrect mobile number or password' });
    renderWithProviders(<LoginForm />);
    fill('Número de celular', '+919876543210');
    fill('Senha', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Número de celular ou senha incorretos');
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
