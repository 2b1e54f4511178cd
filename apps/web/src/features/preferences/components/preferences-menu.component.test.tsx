import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { getDarkModePreference, getLanguagePreference } from '../../../shared/storage/storage.ts';
import { useDarkMode } from '../../../shared/theme/theme.ts';
import { PreferencesMenu } from './preferences-menu.component.tsx';

function ThemeSync() {
  useDarkMode();
  return null;
}

function renderMenu() {
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeSync />
      <PreferencesMenu />
    </I18nextProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PreferencesMenu', () => {
  it('toggles dark mode, saves it and applies it to the document', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const toggle = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark'),
    );
    expect(getDarkModePreference()).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('light'),
    );
    expect(getDarkModePreference()).toBe(false);
  });

  it('toggles dark mode from a tap on the row label, once per tap', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const toggle = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(screen.getByText('Dark mode', { selector: '.adm-list-item-content-main' }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(getDarkModePreference()).toBe(true);

    fireEvent.click(screen.getByText('Dark mode', { selector: '.adm-list-item-content-main' }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(getDarkModePreference()).toBe(false);
  });

  it('switches the language, saves it and translates the menu', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(await screen.findByText('Tiếng Việt'));
    await waitFor(() => expect(i18n.language).toBe('vi'));
    expect(getLanguagePreference()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(await screen.findByText('Chế độ tối')).toBeTruthy();
  });
});
