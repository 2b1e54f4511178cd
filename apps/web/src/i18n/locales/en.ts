/**
 * English, the base text. Every other locale is typed as `Translation`, so a key missing from (or added
 * to) a translation fails type-checking; `locales.test.ts` checks the same at run time.
 */
export const en = {
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    back: 'Back',
    close: 'Close',
    retry: 'Retry',
    loading: 'Loading',
  },
  nav: {
    label: 'Main navigation',
    games: 'Games',
    win: 'Win',
    aviator: 'Aviator',
    luckyHit: 'Lucky Hit',
    mine: 'Mine',
  },
  dialog: {
    fail: 'Fail',
    completed: 'Completed',
    error: 'Error',
    notice: 'Notice',
    genericError: 'An error occurred, please try again later.',
    maintenance: 'The app is closed for maintenance, please wait a period of time',
    tryAgain: 'Try again',
  },
  menu: {
    open: 'Open menu',
    title: 'Settings',
    darkMode: 'Dark mode',
    language: 'Language',
  },
  home: {
    games: 'Games',
    play: 'Play',
    playGame: 'Play {{name}}',
    products: 'Products',
    banner: 'Banner {{index}}',
    soldOut: 'Sold out',
    noMore: 'No more products',
    empty: 'No products yet',
    loadFailed: 'Failed to load.',
  },
  notFound: {
    title: 'Page not found',
    backHome: 'Back to home',
  },
} as const;

type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every translation must have: exactly the English keys, with text values. */
export type Translation = DeepStrings<typeof en>;
