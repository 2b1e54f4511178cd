import { COLOUR_CATEGORIES, type ColourCategory, isColourCategory } from '@app/shared';

/** The category a screen opens on when nothing was chosen before: parity, the first tab. */
export const DEFAULT_CATEGORY: ColourCategory = 'P';

/** The public history screen of each category (spec 02 §2: /parity, /sapre, /bcone, /emerd). */
export const HISTORY_PATHS: Readonly<Record<ColourCategory, string>> = {
  P: '/parity',
  S: '/sapre',
  B: '/bcone',
  E: '/emerd',
};

/** The categories in tab order. */
export const ROOM_ORDER: readonly ColourCategory[] = COLOUR_CATEGORIES;

/** The category a query value names (`category_value=P`), or the default when it names none. */
export function categoryFromQuery(value: string | null): ColourCategory {
  const trimmed = value?.trim().toUpperCase() ?? '';
  return isColourCategory(trimmed) ? trimmed : DEFAULT_CATEGORY;
}

/** The category a stored value names, or the default (storage may hold anything). */
export function categoryFromStorage(value: string | null): ColourCategory {
  return isColourCategory(value) ? value : DEFAULT_CATEGORY;
}

/** /guessRecord?category_value=P, the public records of all periods of a category. */
export function guessRecordPath(category: ColourCategory): string {
  return `/guessRecord?category_value=${category}`;
}

/** /myGuessRecord?category_value=P, the player's own bets of a category. */
export function myGuessRecordPath(category: ColourCategory): string {
  return `/myGuessRecord?category_value=${category}`;
}

/** The category of a history screen's path (/parity → P); paths match without regard to case. */
export function categoryFromHistoryPath(pathname: string): ColourCategory {
  const path = pathname.toLowerCase();
  return ROOM_ORDER.find((category) => HISTORY_PATHS[category] === path) ?? DEFAULT_CATEGORY;
}

/** The categories' names: the game's own names, the same in every language. */
export const ROOM_NAMES: Readonly<Record<ColourCategory, string>> = {
  P: 'Parity',
  S: 'Sapre',
  B: 'Bcone',
  E: 'Emerd',
};
