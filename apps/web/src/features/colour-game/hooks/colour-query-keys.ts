import type { ColourCategory } from '@app/shared';

/** TanStack Query keys of the colour game's server state; `all` reloads everything at once. */
export const colourQueryKeys = {
  all: ['colour'] as const,
  periodInfo: ['colour', 'period-info'] as const,
  history: (category: ColourCategory, saasId: number) => ['colour', 'history', category, saasId] as const,
  guesses: ['colour', 'guesses'] as const,
  guessPage: (category: ColourCategory, page: number, pageSize: number) =>
    ['colour', 'guesses', category, page, pageSize] as const,
  myGuesses: ['colour', 'my-guesses'] as const,
  myGuessPage: (category: ColourCategory, page: number, pageSize: number) =>
    ['colour', 'my-guesses', category, page, pageSize] as const,
  fairness: (category: ColourCategory, period: string) => ['colour', 'fairness', category, period] as const,
};
