/** TanStack Query keys of the wallet's server state. */
export const walletQueryKeys = {
  channels: ['user', 'channels', 'pay'] as const,
  recharges: ['user', 'recharges'] as const,
  transactions: ['user', 'transactions'] as const,
  rechargeBySn: (serialNumber: string) => ['user', 'recharge_by_sn', serialNumber] as const,
};
