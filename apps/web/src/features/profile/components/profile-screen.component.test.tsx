import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getDarkModePreference,
  getDeviceId,
  getEarlyFlag,
  getNickName,
  getToken,
  setDarkModePreference,
  setDeviceId,
  setInAppFlag,
  setToken,
} from '../../../shared/storage/storage.ts';
import { profileAnswer } from '../../../shared/testing/fake-profile.ts';
import { fakeFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import { ProfileScreen } from './profile-screen.component.tsx';

type Body = Record<string, unknown>;

const SCREENS = new Set(['/mine', '/resetPassword', '/privacyPolicy', '/riskAgreement']);
const hasScreen = (path: string) => SCREENS.has(path);

function profileBody(overrides: Body = {}, entry: Body = {}): Body {
  return profileAnswer(
    {
      promotion_url: 'http://localhost/#/register?r_code=AB12CD',
      is_early: true,
      supports: [
        { type: 'email', value: 'help@gold.example' },
        { type: 'whatsapp', value: '+91 98765 43210' },
        { type: 'telegram', value: '@gold_support' },
      ],
      android_app_prefix: 'https://cdn.example/app/gold-',
      ...overrides,
    },
    entry,
  );
}

const HOME_TOP = {
  code: 200,
  queryset: [{ image1: '', notice: 'Inventory time is 01:30-05:30 every day.', android_version: '1.0.0' }],
  more_game_list: [],
};

/** Stubs the server; the profile answers come from a queue so reloads can differ. */
function stubServer(profiles: Body[], extra: Record<string, () => Body> = {}) {
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
      return fakeFetch({
        '/user/profile': () => (profiles.length > 1 ? profiles.shift() : profiles[0]) ?? profileBody(),
        '/shop/home_top': () => HOME_TOP,
        ...extra,
      })(input);
    }),
  );
  return calls;
}

afterEach(() => Dialog.clear());

/** The dialog around a text (the menu sheet, closing, may still hold a Cancel button of its own). */
function confirmDialog(text: HTMLElement): HTMLElement {
  const dialog = text.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the text is not inside a dialog');
  return dialog;
}

describe('ProfileScreen', () => {
  it('sends a visitor without a token to /login', async () => {
    const calls = stubServer([profileBody()]);
    const { router } = renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.path === '/user/profile')).toBe(false);
  });

  it('shows user ID, mobile, nickname and the balance with two decimals in the market currency', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />, { market: 'pt' });
    expect((await screen.findByTestId('profile-user-id')).textContent).toBe('1042');
    expect(screen.getByTestId('profile-mobile').textContent).toBe('+919876543210');
    expect(screen.getByTestId('profile-nick-name').textContent).toBe('Asha');
    expect(screen.getByTestId('profile-balance').textContent).toBe('R$\u00a01.234,50');
    // The game tabs follow the early flag; the aviator bet needs the nickname.
    expect(getEarlyFlag()).toBe(true);
    expect(getNickName()).toBe('Asha');
  });

  it('lists only menu entries whose screens exist', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    const menu = await screen.findByTestId('profile-menu-list');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Account security', '/resetPassword'],
      ['Privacy Policy', '/privacyPolicy'],
      ['Risk Disclosure Agreement', '/riskAgreement'],
    ]);
    // Transfer is enabled for this player, but its screen does not exist yet; nor does recharge.
    expect(screen.queryByText('Transfer')).toBeNull();
    expect(screen.queryByTestId('recharge-shortcut')).toBeNull();
  });

  it('shows the recharge shortcut once a recharge screen exists', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={(path) => path === '/recharge' || hasScreen(path)} />);
    expect((await screen.findByTestId('recharge-shortcut')).getAttribute('href')).toBe('/recharge');
  });

  it('builds the support group from the server list', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    const group = await screen.findByTestId('support-group');
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['mailto:help@gold.example', 'https://wa.me/919876543210', 'https://t.me/gold_support']);
    expect(group.textContent).toContain('10:00-17:00');
  });

  it('offers the app download outside the app, built from the prefix and the Android version', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    const link = await screen.findByTestId('download-app-link');
    expect(link.getAttribute('href')).toBe('https://cdn.example/app/gold-1.0.0.apk');
    // The download opens beside the app, which stays where it is.
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('hides the download bar inside the app and without a prefix', async () => {
    setToken('tok');
    setInAppFlag(true);
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');
    expect(screen.queryByTestId('download-app-bar')).toBeNull();
  });

  it('logs out only after confirmation: POST /user/logout, session cleared, /login', async () => {
    setToken('tok');
    setDeviceId('device-id-0000000042');
    setDarkModePreference(true);
    const calls = stubServer([profileBody()], { '/user/logout': () => ({ code: 200, msg: 'Logged out' }) });
    const { router } = renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');
    // The profile stored the early flag (is_early true) and the nickname for this player.
    await waitFor(() => expect(getEarlyFlag()).toBe(true));
    expect(getNickName()).toBe('Asha');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const confirm = confirmDialog(await screen.findByText('Are you sure you want to log out?'));
    expect(confirm.textContent).toContain('Log out');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to log out?')).toBeNull());
    expect(calls.some((call) => call.path === '/user/logout')).toBe(false);
    expect(getToken()).toBe('tok');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const again = confirmDialog(await screen.findByText('Are you sure you want to log out?'));
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.path === '/user/logout')).toEqual([
      { path: '/user/logout', method: 'POST', body: {} },
    ]);
    expect(getToken()).toBeNull();
    // Nothing of this player stays for a visitor or the next player: the Win tab follows the early flag.
    expect(getEarlyFlag()).toBe(false);
    expect(getNickName()).toBeNull();
    expect(getDeviceId()).toBe('device-id-0000000042');
    expect(getDarkModePreference()).toBe(true);
  });

  it('logs out locally even when the server call fails', async () => {
    setToken('tok');
    stubServer([profileBody()], { '/user/logout': () => ({ code: 500, msg: 'boom' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');
    await waitFor(() => expect(getEarlyFlag()).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const confirm = confirmDialog(await screen.findByText('Are you sure you want to log out?'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(getEarlyFlag()).toBe(false);
  });

  it('changes the nickname (trimmed) and reloads the profile', async () => {
    setToken('tok');
    const calls = stubServer([profileBody(), profileBody({}, { nick_name: 'Golden Goose' })], {
      '/user/change_nick_name': () => ({ code: 200, msg: 'Nickname changed' }),
    });
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change nickname' }));
    const input = (await screen.findByPlaceholderText('Nickname')) as HTMLInputElement;
    expect(input.value).toBe('Asha');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('nickname is required')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(21) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('nickname must be at most 20 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === '/user/change_nick_name')).toBe(false);

    fireEvent.change(input, { target: { value: '  Golden Goose  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('profile-nick-name').textContent).toBe('Golden Goose'));
    expect(calls.find((call) => call.path === '/user/change_nick_name')?.body).toEqual({
      nick_name: 'Golden Goose',
    });
    expect(calls.filter((call) => call.path === '/user/profile')).toHaveLength(2);
  });

  it('shows the server’s refusal of a nickname with the field’s label', async () => {
    setToken('tok');
    stubServer([profileBody()], {
      '/user/change_nick_name': () => ({
        code: 400,
        msg: 'nick_name must not contain invisible formatting characters',
      }),
    });
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change nickname' }));
    fireEvent.change(await screen.findByPlaceholderText('Nickname'), { target: { value: 'Asha\u202E' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('nick-name-error')).textContent).toBe(
      'The nickname contains invisible characters that cannot be used.',
    );
  });

  it('shows the home notice from the menu', async () => {
    setToken('tok');
    stubServer([profileBody()]);
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await screen.findByTestId('profile-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Notice' }));
    expect((await screen.findByTestId('profile-notice-text')).textContent).toBe(
      'Inventory time is 01:30-05:30 every day.',
    );
  });

  it('reports a credited recharge to the native wrapper', async () => {
    setToken('tok');
    const track = vi.fn();
    window.AndroidBridge = { track };
    stubServer([profileBody()], {
      '/user/notification': () => ({ code: 200, notify: { type: 'first_recharge', price: '500.00' } }),
    });
    renderWithProviders(<ProfileScreen hasScreen={hasScreen} />);
    await waitFor(() => expect(track).toHaveBeenCalledWith('e_first_pay', '{"price":"500.00"}'));
    delete window.AndroidBridge;
  });
});
