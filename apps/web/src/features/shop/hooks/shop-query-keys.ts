/** TanStack Query keys of the shop's server state. */
export const shopQueryKeys = {
  homeTop: ['shop', 'home_top'] as const,
  products: (keyword: string) => ['shop', 'products', { keyword }] as const,
  /** Every product list, whatever its keyword (a purchase changes stock in all of them). */
  allProducts: ['shop', 'products'] as const,
  product: (id: number) => ['shop', 'product', id] as const,
};
