/** TanStack Query keys of the player's addresses. */
export const addressQueryKeys = {
  list: ['user', 'addresses'] as const,
  one: (id: number) => ['user', 'address', id] as const,
};
