import { MAX_ADDRESSES_PER_USER, ShopMessage } from '@app/shared';
import { i18n } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';

/** The server's answer when a wallet cannot cover a debit (the ledger's INSUFFICIENT_BALANCE_MESSAGE). */
export const INSUFFICIENT_BALANCE_MESSAGE = 'Insufficient balance';

/** The shop messages a player can meet; the operator's messages (product created, order shipped) are left out. */
export const PLAYER_SHOP_MESSAGES = [
  'buySucceeded',
  'passwordIncorrect',
  'buyRateLimited',
  'inventoryTime',
  'soldOut',
  'productNotFound',
  'addressNotFound',
  'addressLimit',
  'addressSaved',
  'addressDeleted',
  'orderNotFound',
  'orderNotUndelivered',
  'orderNotCancellable',
  'cancelDeadlinePassed',
  'orderCancelled',
  'orderNotUnreceived',
  'orderConfirmed',
] as const satisfies ReadonlyArray<keyof typeof ShopMessage>;

type ShopMessageTextKey = (typeof PLAYER_SHOP_MESSAGES)[number] | 'insufficientBalance';

const KEYS_BY_TEXT: ReadonlyMap<string, ShopMessageTextKey> = new Map<string, ShopMessageTextKey>([
  ...PLAYER_SHOP_MESSAGES.map((key) => [ShopMessage[key], key] as const),
  [INSUFFICIENT_BALANCE_MESSAGE, 'insufficientBalance'],
]);

/**
 * The server answers the shop calls in English (DESIGN.md: messages are English keys); the app shows the
 * ones it knows in the interface language, and any other message as the server wrote it.
 */
export function translateShopMessage(message: string): string {
  const key = KEYS_BY_TEXT.get(message.trim());
  return key ? i18n.t(`shopMessages.${key}`, { max: MAX_ADDRESSES_PER_USER }) : message;
}

/** The text to show for a failed shop call: the server's message (translated when known) or the generic one. */
export function shopErrorText(error: unknown): string {
  return translateShopMessage(errorMessage(error));
}
