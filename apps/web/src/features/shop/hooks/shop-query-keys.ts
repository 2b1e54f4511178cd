/** TanStack Query keys of the shop's server state. */
export const shopQueryKeys = {
  homeTop: ['shop', 'home_top'] as const,
  products: (keyword: string) => ['shop', 'products', { keyword }] as const,
};
