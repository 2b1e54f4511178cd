import type { LanguageCode } from '@app/shared';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../i18n/i18n.ts';

type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (pickers, empty states) per interface language; Mexico uses antd's Spanish.
 * English is bundled; the others load when chosen, so the first load carries one locale only.
 */
const ANTD_LOCALE_LOADERS: Readonly<Record<LanguageCode, () => Promise<AntdLocale>>> = {
  en: async () => enUS,
  'pt-BR': () => import('antd-mobile/es/locales/pt-BR').then((module) => module.default),
  'es-MX': () => import('antd-mobile/es/locales/es-ES').then((module) => module.default),
  vi: () => import('antd-mobile/es/locales/vi-VN').then((module) => module.default),
};

const loadedLocales = new Map<LanguageCode, AntdLocale>([['en', enUS]]);

/** Loads antd-mobile's locale for a language (boot awaits it so the first render is already translated). */
export async function loadAntdLocale(language: LanguageCode): Promise<AntdLocale> {
  const cached = loadedLocales.get(language);
  if (cached) return cached;
  const locale = await ANTD_LOCALE_LOADERS[language]();
  loadedLocales.set(language, locale);
  return locale;
}

/** Gives antd-mobile the locale of the current interface language. */
export function AntdLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const [locale, setLocale] = useState<AntdLocale>(() => loadedLocales.get(language) ?? enUS);

  useEffect(() => {
    let current = true;
    loadAntdLocale(language)
      .then((loaded) => {
        if (current) setLocale(loaded);
      })
      .catch((error: unknown) => console.error('antd-mobile locale failed to load', error));
    return () => {
      current = false;
    };
  }, [language]);

  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
