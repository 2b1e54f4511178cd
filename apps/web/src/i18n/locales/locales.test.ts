import type { LanguageCode } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, TRANSLATION_LOADERS } from '../i18n.ts';
import { en, type Translation } from './en.ts';
import { enCore } from './en-core.ts';
import { enScreens } from './en-screens.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Flattens a translation into `a.b.c` → text pairs. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(en);

const TRANSLATIONS = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (language) => [language, await TRANSLATION_LOADERS[language]()] as const),
  ),
) as Record<LanguageCode, Translation>;

describe('locales', () => {
  it('ships the four languages of the markets', () => {
    expect([...LANGUAGES].sort()).toEqual(['en', 'es-MX', 'pt-BR', 'vi']);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English keys',
    (language) => {
      const translated = flatten(TRANSLATIONS[language]);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    },
  );

  it.each(LANGUAGES)('%s has no empty text and keeps every placeholder', (language) => {
    for (const [key, text] of flatten(TRANSLATIONS[language])) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('translates the maintenance message in every language', () => {
    const texts = LANGUAGES.map((language) => TRANSLATIONS[language].dialog.maintenance);
    expect(new Set(texts).size).toBe(LANGUAGES.length);
    expect(en.dialog.maintenance).toBe('The app is closed for maintenance, please wait a period of time');
  });

  it('splits English into the first load and the rest without overlap, and the loader joins them whole', async () => {
    const coreSections = Object.keys(enCore);
    expect(coreSections.filter((section) => section in enScreens)).toEqual([]);
    // The shell and the home screen read only these sections before any other screen has loaded.
    expect(coreSections.sort()).toEqual(['common', 'dialog', 'home', 'menu', 'nav', 'notFound', 'search']);
    expect(await TRANSLATION_LOADERS.en()).toEqual(en);
  });
});
