/** TanStack Query keys of the player's bank cards. */
export const bankCardQueryKeys = {
  list: ['user', 'bank_cards'] as const,
  one: (id: number) => ['user', 'bank_card', id] as const,
};
