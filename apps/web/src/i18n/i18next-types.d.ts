import type { en } from './locales/en.ts';

// Typed keys: `t('home.soldOut')` is checked against the English base text at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
