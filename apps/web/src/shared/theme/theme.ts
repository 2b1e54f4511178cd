import { useCallback, useEffect } from 'react';
import { getDarkModePreference, StorageKey, setDarkModePreference } from '../storage/storage.ts';
import { useStoredValue } from '../storage/use-stored-value.hook.ts';

/** antd-mobile switches its colour variables on this attribute of <html>. */
const THEME_ATTRIBUTE = 'data-prefers-color-scheme';

/** Browser chrome colours matching the brand toolbar in each theme. */
const THEME_COLOR = { light: '#6d0b1c', dark: '#3a0610' } as const;

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The theme to show: the saved choice, or the system's preference when the player never chose. */
export function resolveDarkMode(): boolean {
  return getDarkModePreference() ?? systemPrefersDark();
}

/** Applies a theme to the document (antd-mobile variables, the app's own styles and the browser chrome). */
export function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  root.setAttribute(THEME_ATTRIBUTE, dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? THEME_COLOR.dark : THEME_COLOR.light);
}

/** The current theme and a setter that saves the choice; stays in sync with other tabs. */
export function useDarkMode(): [dark: boolean, setDark: (dark: boolean) => void] {
  const dark = useStoredValue(StorageKey.darkMode, resolveDarkMode);
  useEffect(() => applyTheme(dark), [dark]);
  const setDark = useCallback((next: boolean) => setDarkModePreference(next), []);
  return [dark, setDark];
}
