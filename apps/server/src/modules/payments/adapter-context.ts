import { parseMoneyToMinor } from '@app/shared';
import type { Clock } from '../../platform/clock.ts';

/** What every adapter is given besides its channel's settings. */
export interface AdapterContext {
  /** The channel's key: it names the webhook URL (/webhooks/<key>) and the clearing account. */
  readonly channelKey: string;
  /** The server's public address, for return and notify URLs handed to gateways. */
  readonly publicUrl: string;
  /** ISO 4217 code of the market's currency; every order is in it. */
  readonly currency: string;
  readonly clock: Clock;
}

/** Where gateways send their webhooks for a channel. */
export function webhookUrl(context: AdapterContext): string {
  return `${context.publicUrl}/webhooks/${context.channelKey}`;
}

/** Where a gateway sends the payer back: the recharge record of the app, naming the recharge. */
export function returnUrl(context: AdapterContext, serialNumber: string): string {
  return `${context.publicUrl}/#/rechargeRecord?sn=${encodeURIComponent(serialNumber)}`;
}

/**
 * Converts an amount a gateway states in major units (a JSON number such as 100.5 or a decimal string
 * such as "100.50") to minor units; answers undefined for anything that is not a non-negative amount
 * with at most two decimals.
 */
export function majorAmountToMinor(value: unknown): number | undefined {
  const result = parseMoneyToMinor(value);
  return result.ok ? result.amountMinor : undefined;
}
