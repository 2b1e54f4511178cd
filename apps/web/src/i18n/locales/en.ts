import { enCore } from './en-core.ts';
import { enScreens } from './en-screens.ts';

/**
 * English, the base text: the first load's texts and every other screen's. Every other locale is typed as
 * `Translation`, so a key missing from (or added to) a translation fails type-checking; `locales.test.ts`
 * checks the same at run time. The app itself imports the two halves, so the first load carries only
 * `en-core.ts`.
 */
export const en = { ...enCore, ...enScreens } as const;

type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every translation must have: exactly the English keys, with text values. */
export type Translation = DeepStrings<typeof en>;
