import type { LanguageCode } from '@app/shared';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguagePreference, setLanguagePreference } from '../shared/storage/storage.ts';
import type { Translation } from './locales/en.ts';
import { enCore } from './locales/en-core.ts';

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
 * Every translation, typed so each has exactly the English keys. The first load carries only the English
 * texts of the shell and the home screen (`en-core.ts`); the rest of English, and every other language,
 * load on demand.
 */
export const TRANSLATION_LOADERS: Readonly<Record<LanguageCode, () => Promise<Translation>>> = {
  en: () => import('./locales/en-screens.ts').then((module) => ({ ...enCore, ...module.enScreens })),
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

/** The languages whose whole translation is in i18next (English starts with its first-load half only). */
const completeLanguages = new Set<LanguageCode>();

async function ensureTranslationLoaded(language: LanguageCode): Promise<void> {
  if (completeLanguages.has(language)) return;
  i18n.addResourceBundle(language, NAMESPACE, await TRANSLATION_LOADERS[language](), true, true);
  completeLanguages.add(language);
}

/**
 * Loads every screen's texts in the current language; the router waits for it before it shows any screen
 * but the home screen, whose texts are in the first load.
 */
export function ensureScreenTexts(): Promise<void> {
  return ensureTranslationLoaded(currentLanguage());
}

/** Starts i18next in the given language; if its translation cannot load, English shows instead. */
export async function initI18n(language: LanguageCode): Promise<void> {
  await i18n.use(initReactI18next).init({
    // A copy: i18next merges the rest of English into the object it was given, and the module must stay
    // the first-load half.
    resources: { [BASE_LANGUAGE]: { [NAMESPACE]: structuredClone(enCore) } },
    lng: BASE_LANGUAGE,
    fallbackLng: BASE_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // React escapes text itself; escaping here would show entities such as &amp; to the player.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  try {
    // English starts with the first-load half; the rest comes with the first screen that needs it.
    if (language !== BASE_LANGUAGE) await ensureTranslationLoaded(language);
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
