/**
 * The English texts of the first load: the shell (navigation, dialogs, the settings menu) and the shop home.
 * Every other screen's English texts are in `en-screens.ts`, which loads with the first of those screens, so
 * the home screen does not carry them (DESIGN.md §5: first load under 170 KB).
 */
export const enCore = {
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
  search: {
    title: 'Search',
    placeholder: 'Search products',
    hint: 'Type a keyword and press Enter to search.',
    noResults: 'No products match "{{keyword}}"',
  },
  notFound: {
    title: 'Page not found',
    backHome: 'Back to home',
  },
} as const;
