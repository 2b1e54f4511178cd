/** TanStack Query keys of the withdrawal screens' server state. */
export const withdrawalQueryKeys = {
  channels: ['user', 'channels', 'withdrawal'] as const,
  list: ['user', 'withdrawals'] as const,
};
