import { formatMoney, type MarketCode, parseMoneyToMinor } from '@app/shared';
import { useCallback } from 'react';
import { useAppConfig } from '../app-config/app-config.context.tsx';

/** Shown instead of a price the server sent in a form the app cannot read. */
const UNREADABLE_PRICE = '—';

/** Formats a wire price ("1234.50") with the market's symbol and decimal separator ("R$ 1234,50"). */
export function formatPrice(price: string, market: MarketCode): string {
  const parsed = parseMoneyToMinor(price);
  return parsed.ok ? formatMoney(parsed.amountMinor, market) : UNREADABLE_PRICE;
}

/** `formatPrice` bound to the current market. */
export function useFormatPrice(): (price: string) => string {
  const { market } = useAppConfig();
  return useCallback((price: string) => formatPrice(price, market), [market]);
}
