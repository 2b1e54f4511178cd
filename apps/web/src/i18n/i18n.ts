import type { LanguageCode } from '@app/shared';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguagePreference, setLanguagePreference } from '../shared/storage/storage.ts';
import { en, type Translation } from './locales/en.ts';

/** The interface languages, in menu order; English is the base text. */
export const LANGUAGES: readonly LanguageCode[] = ['en', 'pt-BR', 'es-MX', 'vi'];

/** Each language names itself in the menu, so a player who picked the wrong one can find their own. */
export const LANGUAGE_NAMES: Readonly<Record<LanguageCode, string>> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)',
  'es-MX': 'Español (México)',
  vi: 'Tiếng Việt',
};

/**
 * Every translation, typed so each has exactly the English keys. English is bundled (it is also the
 * fallback); the others load on demand, so the first load carries English and at most one more.
 */
export const TRANSLATION_LOADERS: Readonly<Record<LanguageCode, () => Promise<Translation>>> = {
  en: async () => en,
  'pt-BR': () => import('./locales/pt-BR.ts').then((module) => module.ptBR),
  'es-MX': () => import('./locales/es-MX.ts').then((module) => module.esMX),
  vi: () => import('./locales/vi.ts').then((module) => module.vi),
};

const BASE_LANGUAGE: LanguageCode = 'en';
const NAMESPACE = 'translation';

/** The app's i18next instance (its own, so tests and the app never share global state by accident). */
export const i18n = createInstance();

/** Whether a value (for example from storage) is one of the supported languages. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The player's saved choice when valid, otherwise the market's default language. */
export function resolveLanguage(marketDefault: LanguageCode): LanguageCode {
  const saved = getLanguagePreference();
  return isLanguageCode(saved) ? saved : marketDefault;
}

/** The language the interface shows now. */
export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : BASE_LANGUAGE;
}

function markDocumentLanguage(language: LanguageCode): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

async function ensureTranslationLoaded(language: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(language, NAMESPACE)) return;
  i18n.addResourceBundle(language, NAMESPACE, await TRANSLATION_LOADERS[language]());
}

/** Starts i18next in the given language; if its translation cannot load, English shows instead. */
export async function initI18n(language: LanguageCode): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { [BASE_LANGUAGE]: { [NAMESPACE]: en } },
    lng: BASE_LANGUAGE,
    fallbackLng: BASE_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // React escapes text itself; escaping here would show entities such as &amp; to the player.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  try {
    await ensureTranslationLoaded(language);
    await i18n.changeLanguage(language);
  } catch (error) {
    console.error(`Translation ${language} failed to load; showing English`, error);
  }
  markDocumentLanguage(currentLanguage());
}

/** Switches the interface language and remembers the choice across visits. */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  await ensureTranslationLoaded(language);
  setLanguagePreference(language);
  await i18n.changeLanguage(language);
  markDocumentLanguage(language);
}
